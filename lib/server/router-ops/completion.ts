// What one run of a router operation decided. Effects that belong with the completion (the account
// workflow's new status, the holdings a payout debits) are written in the same transaction as the
// conditional pending → succeeded | failed write, so they happen exactly once.
import type { RouterOperation } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/server/db/client";

type Effect = (tx: Tx, op: RouterOperation) => Promise<void>;

export type Completion =
  /** Not finished: look again after a backoff (the adapter is working on it, or could not be reached). */
  | { status: "pending"; reason: string; remoteCid?: string }
  | { status: "succeeded"; response: Record<string, unknown>; effect?: Effect }
  | { status: "failed"; message: string; code?: number; effect?: Effect };

export type OperationRunner = (op: RouterOperation) => Promise<Completion>;
