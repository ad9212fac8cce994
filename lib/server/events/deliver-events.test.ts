// The node's one order of events on a real (in-memory SQLite) database: the publisher numbers
// committed outbox rows, and every process's deliverer hands them to its own hub in that order, each
// once, whether it numbered them itself, was told of them, or looks on its own.
import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migratedTestDatabase } from "@/lib/server/db/migrated-test-database";
import { dbDate, isSqlUniqueViolation, type DB } from "@/lib/server/db/sql";
import { EventDeliverer } from "./deliver-events";
import { LocalEventHub } from "./local-event-hub";
import { SequenceCounter } from "./sequence-counter";
import { highestSequence, sequenceOutbox, type SequencedRow } from "./sequence-outbox";

let q: Kysely<DB>;

beforeEach(() => {
  ({ q } = migratedTestDatabase());
});

afterEach(async () => {
  await q.destroy();
});

let written = 0;
/** Commits an outbox row written at `atMs` (its createdAt); answers its id. */
async function commitRow(atMs: number): Promise<string> {
  written += 1;
  const id = `row-${String(written).padStart(4, "0")}`;
  const payload = JSON.stringify({ id: `plan-${written}`, status: "Pending" });
  await q.insertInto("EventOutbox").values({ id, kind: "planAdded", payload, audience: "[]", createdAt: dbDate(new Date(atMs)) }).execute();
  return id;
}

/** A process's hub with one subscriber recording the ids it receives. */
function process(): { hub: LocalEventHub; received: string[]; deliverer: EventDeliverer } {
  const hub = new LocalEventHub();
  const received: string[] = [];
  hub.subscribe(async (event) => void received.push(event.id));
  return { hub, received, deliverer: new EventDeliverer(hub, q) };
}

const T = Date.UTC(2026, 10, 25, 10, 0, 0);

describe("sequenceOutbox", () => {
  it("numbers committed rows in the order written, and a row committed late after those numbered before it", async () => {
    const second = await commitRow(T + 2_000);
    const first = await commitRow(T + 1_000);
    expect((await sequenceOutbox(q, 0, { notify: false })).map((r) => [r.id, r.sequence])).toEqual([
      [first, 1],
      [second, 2],
    ]);
    // Written before both, committed after they were numbered: it comes next, it is not skipped.
    const late = await commitRow(T);
    expect((await sequenceOutbox(q, 2, { notify: false })).map((r) => [r.id, r.sequence])).toEqual([[late, 3]]);
    expect(await sequenceOutbox(q, 3, { notify: false })).toEqual([]);
    expect(await highestSequence(q)).toBe(3);
    const rows = await q.selectFrom("EventOutbox").select(["id", "sequence", "publishedAt"]).orderBy("sequence").execute();
    expect(rows.map((r) => r.id)).toEqual([first, second, late]);
    expect(rows.every((r) => r.publishedAt !== null)).toBe(true);
  });

  it("numbers at most `limit` rows a batch, the earliest written first, and the rest in the next batch", async () => {
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await commitRow(T + (5 - i) * 1_000)); // written in reverse order of time
    const inOrder = [...ids].reverse();
    const first = await sequenceOutbox(q, 0, { notify: false, limit: 2 });
    expect(first.map((r) => [r.id, r.sequence])).toEqual([
      [inOrder[0], 1],
      [inOrder[1], 2],
    ]);
    const rest = await sequenceOutbox(q, 2, { notify: false, limit: 10 });
    expect(rest.map((r) => [r.id, r.sequence])).toEqual([
      [inOrder[2], 3],
      [inOrder[3], 4],
      [inOrder[4], 5],
    ]);
    // The rows come back whole, as stored, with their numbers.
    expect(rest[0]).toMatchObject({ kind: "planAdded", audience: "[]", sequence: 3 });
    expect(typeof rest[0]?.payload).toBe("string");
    expect(rest.every((r) => r.publishedAt !== null)).toBe(true);
  });

  it("refuses a second publisher's numbers that would repeat the first one's: its whole batch rolls back", async () => {
    await commitRow(T);
    await sequenceOutbox(q, 0, { notify: false });
    const unnumbered = await commitRow(T + 1);
    const stale = await sequenceOutbox(q, 0, { notify: false }).catch((error: unknown) => error);
    expect(isSqlUniqueViolation(stale)).toBe(true);
    const [row] = await q.selectFrom("EventOutbox").select(["sequence", "publishedAt"]).where("id", "=", unnumbered).execute();
    expect(row).toEqual({ sequence: null, publishedAt: null });
  });
});

/** Commits outbox rows numbered as they are written, from `counter` (SQLite's way: plan-events.ts); answers them as written. */
async function commitNumbered(counter: SequenceCounter, count: number, atMs: number): Promise<SequencedRow[]> {
  return q.transaction().execute(async (tx) => {
    const first = await counter.take(tx, count);
    const rows: SequencedRow[] = [];
    for (let i = 0; i < count; i += 1) {
      written += 1;
      const createdAt = dbDate(new Date(atMs + i));
      rows.push({ id: `row-${String(written).padStart(4, "0")}`, kind: "planAdded", payload: JSON.stringify({ id: `plan-${written}`, status: "Pending" }), audience: "[]", createdAt, publishedAt: createdAt, sequence: first + i });
    }
    await tx.insertInto("EventOutbox").values(rows).execute();
    return rows;
  });
}

describe("SequenceCounter (SQLite: rows numbered as they are written)", () => {
  it("goes on from the highest sequence in the database, and the publisher's pass numbers the other rows from it too", async () => {
    await commitRow(T);
    await sequenceOutbox(q, 0, { notify: false });
    const counter = new SequenceCounter();
    const numbered = await commitNumbered(counter, 2, T + 1);
    expect(numbered.map((r) => r.sequence)).toEqual([2, 3]);
    const unnumbered = await commitRow(T + 5); // written another way (Prisma, a script)
    expect((await sequenceOutbox(q, counter, { notify: false })).map((r) => [r.id, r.sequence])).toEqual([[unnumbered, 4]]);
    expect((await commitNumbered(counter, 1, T + 6)).map((r) => r.sequence)).toEqual([5]);
    expect(await highestSequence(q)).toBe(5);
    // The rows numbered at insert are published as written: the pass has nothing of theirs to pick.
    expect(await sequenceOutbox(q, counter, { notify: false })).toEqual([]);
  });

  it("after numbers that did not commit, reads the highest again: no number twice, the next one after what committed", async () => {
    const counter = new SequenceCounter();
    await commitNumbered(counter, 2, T);
    await expect(
      q.transaction().execute(async (tx) => {
        await counter.take(tx, 3);
        throw new Error("the transaction failed");
      }),
    ).rejects.toThrow("the transaction failed");
    counter.forget(); // plan-events.ts: onRollback
    expect((await commitNumbered(counter, 1, T + 10)).map((r) => r.sequence)).toEqual([3]);
  });

  it("forgets its count when a pass's numbers are refused (another writer numbered past it), and the next pass goes on after them", async () => {
    const counter = new SequenceCounter();
    await commitNumbered(counter, 1, T);
    await commitNumbered(new SequenceCounter(), 1, T + 1); // a second counter: the rows it numbered are unknown to the first
    const unnumbered = await commitRow(T + 2);
    const refused = await sequenceOutbox(q, counter, { notify: false }).catch((error: unknown) => error);
    expect(isSqlUniqueViolation(refused)).toBe(true);
    expect((await sequenceOutbox(q, counter, { notify: false })).map((r) => [r.id, r.sequence])).toEqual([[unnumbered, 3]]);
  });

  it("hands rows numbered at insert to the deliverer in their order, and it reads across a gap left by numbers that never committed", async () => {
    const one = process();
    await one.deliverer.start();
    const counter = new SequenceCounter();
    const first = await commitNumbered(counter, 2, T);
    one.deliverer.offer(first);
    await counter.take(q, 1); // taken by a transaction that then failed: 3 is never written
    const after = await commitNumbered(counter, 1, T + 5);
    expect(after[0]?.sequence).toBe(4);
    one.deliverer.offer(after);
    await one.deliverer.catchUp();
    await one.deliverer.drained();
    expect(one.received).toEqual([...first, ...after].map((r) => r.id));
  });
});

describe("EventDeliverer", () => {
  it("delivers the same events in the same order in every process, each once, however it hears of them", async () => {
    const publisher = process();
    const other = process();
    await Promise.all([publisher.deliverer.start(), other.deliverer.start()]);
    const ids = [await commitRow(T + 1), await commitRow(T + 2)];
    const numbered = await sequenceOutbox(q, 0, { notify: false });
    publisher.deliverer.offer(numbered);
    other.deliverer.heard(2);
    other.deliverer.heard(2); // a notification repeated
    ids.push(await commitRow(T));
    const more = await sequenceOutbox(q, 2, { notify: false });
    publisher.deliverer.offer(more);
    publisher.deliverer.offer(numbered); // handed over again
    await other.deliverer.catchUp(); // its poll
    await Promise.all([publisher.deliverer.drained(), other.deliverer.drained()]);
    expect(publisher.received).toEqual(ids);
    expect(other.received).toEqual(ids);
  });

  it("reads what it missed when rows are handed over with a gap before them", async () => {
    const one = process();
    await one.deliverer.start();
    const ids = [await commitRow(T), await commitRow(T + 1)];
    const first = await sequenceOutbox(q, 0, { notify: false, limit: 1 });
    const second = await sequenceOutbox(q, 1, { notify: false });
    one.deliverer.offer(second); // the first batch never reached it
    await one.deliverer.catchUp();
    await one.deliverer.drained();
    expect(first.map((r) => r.id)).toEqual([ids[0]]);
    expect(one.received).toEqual(ids);
  });

  it("starts after the highest sequence: a process started later delivers only what is numbered after", async () => {
    await commitRow(T);
    await sequenceOutbox(q, 0, { notify: false });
    const late = process();
    await late.deliverer.start();
    expect(late.deliverer.position).toBe(1);
    const fresh = await commitRow(T + 1);
    await sequenceOutbox(q, 1, { notify: false });
    await late.deliverer.catchUp();
    await late.deliverer.drained();
    expect(late.received).toEqual([fresh]);
  });
});
