// UUIDs that sort in the order they were made (RFC 9562 UUIDv7: 48 bits of milliseconds, then a
// 12-bit counter within the millisecond, then 62 random bits), for the primary keys of rows the
// settlement path writes.
//
// Why: a random (v4) key lands each new row's index entry on a random leaf page, so every insert
// dirties a page of its own and SQLite writes each of them to the WAL at the next commit. Measured
// under the trade benchmark, COMMIT was the largest cost of the SQLite path, with about 55 such
// random page writes a trade; keys that grow with time land on the last leaf, which the rows of one
// group commit share (sqlite-group-commit.ts). PostgreSQL's B-trees gain the same way. The outbox
// also relies on the order (outbox-id.ts).
//
// The clock state lives on globalThis so both module graphs of the process (Next's bundles and
// server.ts) count from the same point.
import { randomFillSync } from "node:crypto";
import { nowMs } from "../clock";

const COUNTER_MAX = 0xfff;
/** Random bytes are drawn a page at a time: one system call for 512 ids. */
const POOL_BYTES = 4096;

type Clock = { ms: number; counter: number; pool: Buffer; offset: number };
const holder = globalThis as typeof globalThis & { __tanUuidClock?: Clock };

function clock(): Clock {
  return (holder.__tanUuidClock ??= { ms: 0, counter: 0, pool: Buffer.alloc(POOL_BYTES), offset: POOL_BYTES });
}

function tick(state: Clock, nowMs: number): void {
  if (nowMs > state.ms) {
    state.ms = nowMs;
    state.counter = 0;
  } else if (state.counter < COUNTER_MAX) {
    state.counter += 1;
  } else {
    // 4096 ids in one millisecond: borrow the next one, so the order still holds.
    state.ms += 1;
    state.counter = 0;
  }
}

function randomBytes8(state: Clock): Buffer {
  if (state.offset + 8 > POOL_BYTES) {
    randomFillSync(state.pool);
    state.offset = 0;
  }
  const bytes = state.pool.subarray(state.offset, state.offset + 8);
  state.offset += 8;
  return bytes;
}

/** Each byte's two hex digits. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** A new UUIDv7; ids made later in this process sort after it. */
export function timeOrderedUuid(atMs: number = nowMs()): string {
  const state = clock();
  tick(state, atMs);
  const random = randomBytes8(state);
  // 48 bits of milliseconds: the high 32 and the low 16, each within a small integer.
  const high = Math.floor(state.ms / 0x10000);
  const low = state.ms % 0x10000;
  const counter = state.counter;
  return (
    HEX[(high >>> 24) & 0xff]! +
    HEX[(high >>> 16) & 0xff]! +
    HEX[(high >>> 8) & 0xff]! +
    HEX[high & 0xff]! +
    "-" +
    HEX[low >>> 8]! +
    HEX[low & 0xff]! +
    "-" +
    HEX[0x70 | (counter >>> 8)]! +
    HEX[counter & 0xff]! +
    "-" +
    HEX[(random[0]! & 0x3f) | 0x80]! +
    HEX[random[1]!]! +
    "-" +
    HEX[random[2]!]! +
    HEX[random[3]!]! +
    HEX[random[4]!]! +
    HEX[random[5]!]! +
    HEX[random[6]!]! +
    HEX[random[7]!]!
  );
}
