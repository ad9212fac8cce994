// Rows that never change once committed: a profile's id, finId and owner, an asset's terms, the id
// of an escrow account of (owner, currency). No code path updates or deletes them (immutable-rows
// .test.ts checks the sources for it), so a row read once is that row for the rest of the process,
// whatever other processes do, and a trade need not read it again. Only rows found are kept: a row
// not there yet may be created by another process at any time. A row read inside a transaction is
// kept once the transaction has committed (it may yet be rolled back), by the caller's onCommit.
//
// Answers are kept, not queries in flight: a query started outside a transaction waits for its turn,
// and a transaction's work that awaited it would wait for itself (organization-cache.ts).
import { setBounded } from "@/lib/server/bounded-map";

export class ImmutableRows<V extends object> {
  readonly #kept = new Map<string, V>();

  /** `max`: rows kept at most; past it the oldest kept goes first. */
  constructor(readonly max: number) {}

  /** The row kept for `key`, if any. */
  peek(key: string): V | undefined {
    return this.#kept.get(key);
  }

  /** Keeps `row` (frozen: every reader shares it) for `key`. Only for a committed row. */
  keep(key: string, row: V): V {
    const frozen = Object.freeze(row);
    setBounded(this.#kept, key, frozen, this.max);
    return frozen;
  }

  /** The row of `key`: kept, or read by `read` outside any transaction (and kept when found). */
  async find(key: string, read: () => Promise<V | undefined>): Promise<V | undefined> {
    const kept = this.#kept.get(key);
    if (kept !== undefined) return kept;
    const row = await read();
    return row === undefined ? undefined : this.keep(key, row);
  }

  get size(): number {
    return this.#kept.size;
  }
}
