// Ids of outbox rows that sort in the order the rows were written (RFC 9562 UUIDv7: 48 bits of
// milliseconds, then a 12-bit counter within the millisecond, then random bits). The publisher orders
// rows by (createdAt, id); two rows of one transaction often share a millisecond, and a random id
// would then publish them in any order: a plan's Completed before the receipt written ahead of it.
// The clock state lives on globalThis so both module graphs of the process (Next's bundles and
// server.ts) count from the same point.
import { randomBytes } from "node:crypto";

const COUNTER_MAX = 0xfff;

type Clock = { ms: number; counter: number };
const holder = globalThis as typeof globalThis & { __tanOutboxClock?: Clock };

function tick(nowMs: number): Clock {
  const clock = (holder.__tanOutboxClock ??= { ms: 0, counter: 0 });
  if (nowMs > clock.ms) {
    clock.ms = nowMs;
    clock.counter = 0;
  } else if (clock.counter < COUNTER_MAX) {
    clock.counter += 1;
  } else {
    // 4096 ids in one millisecond: borrow the next one, so the order still holds.
    clock.ms += 1;
    clock.counter = 0;
  }
  return { ...clock };
}

export function nextOutboxId(nowMs: number = Date.now()): string {
  const { ms, counter } = tick(nowMs);
  const random = randomBytes(8);
  const hex =
    ms.toString(16).padStart(12, "0") +
    (0x7000 | counter).toString(16).padStart(4, "0") +
    ((random.readUInt16BE(0) & 0x3fff) | 0x8000).toString(16).padStart(4, "0") +
    random.subarray(2).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
