// SQLite: the node's one process gives outbox rows their sequence as they are written, instead of
// the publisher numbering them once they have committed (sequence-outbox.ts). Measured under the
// trade benchmark, the publisher's pick of the unnumbered rows and their numbering were 70 µs of
// SQLite's time a trade (7% of it), with a unit of their own, the rows' pages dirtied twice and their
// indexes moved twice.
//
// Why the order still holds. On SQLite one connection writes, and its units (transactions) run one
// at a time (db/sqlite-group-commit.ts); a unit takes its numbers and writes its rows before any
// other unit runs, and a group's units commit together, groups in turn. So rows commit in the order
// of their numbers, and a reader (every read is a unit too, answered after its group's commit) never
// sees a number before the ones below it have committed or gone.
//
// Numbers given up. A unit that takes numbers and then does not commit (its work failed, or its
// group's COMMIT did) leaves its numbers unused: `forget` makes the next unit read the highest
// sequence again, inside its own unit, where it sees the group's rows written so far. A later unit
// may have taken numbers past the forgotten ones meanwhile, so there can be a gap where a transaction
// failed; never a number twice (the unique index on `sequence` would refuse it), and the deliverer
// reads across a gap (deliver-events.ts).
import type { Sql } from "@/lib/server/db/sql";
import { highestSequence } from "./sequence-outbox";

export class SequenceCounter {
  /** The highest sequence given (null: read it from the database at the next take). */
  private highest: number | null = null;

  /** The first of `count` new sequences, for rows the caller writes in the transaction `q`, in its unit. */
  async take(q: Sql, count: number): Promise<number> {
    if (this.highest === null) {
      const read = await highestSequence(q);
      this.highest ??= read;
    }
    const first = this.highest + 1;
    this.highest += count;
    return first;
  }

  /** Numbers were taken by a transaction that did not commit: read the highest one again next time. */
  forget(): void {
    this.highest = null;
  }
}
