import { isSqlTransientConflict } from "@/lib/server/db/sql-conflicts";

// How an escrow operation ends badly. A refusal is the customer's answer (it completes the operation
// with an error Code and Message); a concurrent update is ours to retry; anything else is a fault
// that leaves the operation pending for the worker to try again.
export class OperationRefusal extends Error {
  override name = "OperationRefusal";
}

export class ConcurrentUpdate extends Error {
  override name = "ConcurrentUpdate";
}

/**
 * A lost race the caller's transaction is retried for: a conditional write that found the row
 * changed, or PostgreSQL's own serialization failure or deadlock (the transaction already rolled back).
 */
export function isLostRace(error: unknown): error is Error {
  return error instanceof ConcurrentUpdate || (error instanceof Error && isSqlTransientConflict(error));
}
