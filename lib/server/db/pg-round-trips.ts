// PostgreSQL: fewer round trips a transaction on the typed-SQL path, with node-postgres' pipeline
// mode on the server's pool (postgres-adapter.ts): a statement is written as soon as it is made.
//
// Kysely awaits every statement before the next, so a transaction paid a round trip for a BEGIN that
// carried nothing, and another for each write whose answer nobody reads (a transaction's events and
// receipts, written just before its COMMIT: transactions.ts beforeCommit). On PostgreSQL the node's
// CPU and a trade's latency go to round trips (README, "PostgreSQL's statements, counted"). Here:
//
// - `begin` is answered at once and held; it is written with the connection's next statement when
//   that is a plain read, in one write to the socket, and the read is answered only once BEGIN has
//   succeeded.
// - A write marked `answeredWithTheNext` (its caller reads nothing of its answer) is answered at
//   once and held; it is written with the next statement (the COMMIT, normally), and if it failed,
//   that failure is what the next statement answers: PostgreSQL has aborted the transaction, so its
//   COMMIT answered ROLLBACK and nothing of it was kept.
//
// What must not get weaker: no statement runs outside its transaction, and no failure goes unseen.
// In pipeline mode each query ends with its own Sync, so if BEGIN failed the statement after it
// would run on its own. A read (`select` without a server function) changes nothing on its own, so
// only a read goes out with BEGIN; any other first statement (an insert, an update, a savepoint, a
// function call) is sent only after BEGIN's answer, as before. A transaction that ends before any
// statement sends neither BEGIN nor its COMMIT or ROLLBACK: it did nothing. A ROLLBACK drops the
// held writes unsent: the transaction keeps nothing either way.
import { sql, type Expression } from "kysely";
import type pg from "pg";

/** Sends one statement on the connection (the text parsers and statement name already applied). */
export type PgSend = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/** How a transaction's BEGIN went out (tan_pg_begins_total). */
export type BeginSent = "with-read" | "alone" | "unsent";

/** What the layer tells of what it held (the server's metrics). */
export type HeldCounters = { begin: (how: BeginSent) => void; writes: (outcome: "sent" | "dropped", count: number) => void };

const uncounted: HeldCounters = { begin: () => {}, writes: () => {} };

/** The end of a write's text that says its caller reads nothing of its answer (answeredWithTheNext). */
export const HELD_MARK = "/* answered with the next statement */";

/**
 * Ends a write's SQL (Kysely's `modifyEnd`) with the mark that lets it wait for the transaction's
 * next statement on PostgreSQL. Only for a write whose result its caller never reads (it is
 * answered with no rows and no count); a comment to SQLite.
 */
export const answeredWithTheNext: Expression<unknown> = sql.raw(HELD_MARK);

function answer(command: string): pg.QueryResult {
  return { command, rowCount: 0, oid: 0, fields: [], rows: [] };
}

const BEGIN = /^(?:begin|start transaction)\b/i;
const COMMIT = /^commit\s*;?\s*$/i;
const ROLLBACK = /^rollback\s*;?\s*$/i;
/** A plain read: a `select` whose text calls none of the server's functions that act outside the statement (pg_notify, advisory locks, …). */
const PLAIN_READ = /^select\s/i;
const SERVER_FUNCTION = /\bpg_|\bnextval\s*\(|\bsetval\s*\(|\bset_config\s*\(/i;
const WRITE = /^(?:insert|update|delete)\s/i;

export function isPlainRead(text: string): boolean {
  return PLAIN_READ.test(text) && !SERVER_FUNCTION.test(text);
}

/** Whether `text` is a write marked answeredWithTheNext. */
export function isHeldWrite(text: string): boolean {
  return text.endsWith(HELD_MARK) && WRITE.test(text);
}

type Held = { text: string; values: unknown[] | undefined };

/**
 * `send` with BEGIN and the marked writes held until the connection's next statement (above).
 * `batch` runs its callback with the socket's writes held together (cork and uncork), or just runs
 * it; `counters` hear how each BEGIN and each held write went out.
 */
export function fewerRoundTrips(send: PgSend, batch: (write: () => void) => void = (write) => write(), counters: HeldCounters = uncounted): PgSend {
  const sent = counters.begin;
  let heldBegin: string | null = null;
  /** Between a BEGIN and its COMMIT or ROLLBACK: only there is a write held (a transaction always ends with one of them). */
  let open = false;
  const heldWrites: Held[] = [];

  /** Sends what is held and then `text`, in one write; answers `text`'s answer, or the first failure among them. */
  async function withHeld(text: string, values: unknown[] | undefined): Promise<pg.QueryResult> {
    const before = heldWrites.splice(0);
    counters.writes("sent", before.length);
    const answers: Promise<pg.QueryResult>[] = [];
    batch(() => {
      for (const held of before) answers.push(send(held.text, held.values));
      answers.push(send(text, values));
    });
    const settled = await Promise.allSettled(answers);
    for (const outcome of settled) if (outcome.status === "rejected") throw outcome.reason;
    return (settled[settled.length - 1] as PromiseFulfilledResult<pg.QueryResult>).value;
  }

  async function afterBegin(begin: string, text: string, values: unknown[] | undefined): Promise<pg.QueryResult> {
    if (COMMIT.test(text) || ROLLBACK.test(text)) {
      open = false;
      sent("unsent");
      return answer(COMMIT.test(text) ? "COMMIT" : "ROLLBACK");
    }
    if (BEGIN.test(text)) throw new Error(`a transaction was begun twice on one connection (${text})`);
    if (!isPlainRead(text)) {
      sent("alone");
      await send(begin);
      return statement(text, values);
    }
    sent("with-read");
    let started!: Promise<pg.QueryResult>;
    let read!: Promise<pg.QueryResult>;
    batch(() => {
      started = send(begin);
      read = send(text, values);
    });
    const [begun, result] = await Promise.allSettled([started, read]);
    if (begun.status === "rejected") throw begun.reason;
    if (result.status === "rejected") throw result.reason;
    return result.value;
  }

  /** A statement inside a transaction whose BEGIN has gone out. */
  async function statement(text: string, values: unknown[] | undefined): Promise<pg.QueryResult> {
    const ends = COMMIT.test(text) || ROLLBACK.test(text);
    if (ends) open = false;
    if (open && isHeldWrite(text)) {
      heldWrites.push({ text, values });
      return answer(text.slice(0, 6).toUpperCase());
    }
    if (heldWrites.length === 0) return send(text, values);
    if (ends && ROLLBACK.test(text)) {
      counters.writes("dropped", heldWrites.length);
      heldWrites.length = 0;
      return send(text, values);
    }
    return withHeld(text, values);
  }

  return async (text, values) => {
    if (heldBegin !== null) {
      const begin = heldBegin;
      heldBegin = null;
      return afterBegin(begin, text, values);
    }
    if (!open && BEGIN.test(text)) {
      heldBegin = text;
      open = true;
      return answer("BEGIN");
    }
    return statement(text, values);
  };
}

/** Holds a pg client's socket writes of `write` together: one write to the socket for the statements it sends. */
export function corkedWrites(client: pg.PoolClient): (write: () => void) => void {
  const stream = (client as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
  if (!stream?.cork || !stream.uncork) return (write) => write();
  return (write) => {
    stream.cork!();
    try {
      write();
    } finally {
      stream.uncork!();
    }
  };
}
