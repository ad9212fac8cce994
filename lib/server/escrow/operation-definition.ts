// What each adapter operation is made of: how a repeat is recognised, what is checked outside the
// database (signatures, fetching the plan), and what it writes in one transaction with its
// completion. lib/server/escrow/run-operation.ts drives them the same way, at once or from the worker.
import type { z } from "zod";
import type { EscrowOperationKind } from "@/lib/domain/escrow/operation-kinds";
import type { Selectable } from "kysely";
import type { DB, SqlTx } from "@/lib/server/db/sql";

/** An operation as the escrow's typed-SQL path reads it (times are the database's text). */
export type EscrowOperationRow = Selectable<DB["EscrowOperation"]>;

export type ExecuteContext<P> = { cid: string; prepared: P; now: Date; op: EscrowOperationRow };

export type OperationDefinition<R, P> = {
  kind: EscrowOperationKind;
  /** Re-validates the stored request before it runs. */
  schema: z.ZodType<R>;
  /**
   * What makes a repeat the same operation (scoped to the caller's organization by acceptOperation),
   * or null when only an Idempotency-Key can; `keyField` names the body field it comes from.
   */
  keyOf(request: R): string | null;
  keyField: string;
  /** The signature this operation consumes (one signed trade moves money once). */
  consumedSignatureOf?(request: R): string | null;
  /** Checks and fetches outside the transaction; throws OperationRefusal or RetryLater. */
  prepare(request: R, op: EscrowOperationRow): Promise<P>;
  /** The writes, in the transaction that completes the operation; returns the response body. */
  execute(tx: SqlTx, request: R, ctx: ExecuteContext<P>): Promise<Record<string, unknown>>;
};

/** Thrown by prepare when the work cannot be done now but may be later (the far side is down). */
export class RetryLater extends Error {
  override name = "RetryLater";
}

export type AnyOperationDefinition = OperationDefinition<unknown, unknown>;

export function defineOperation<R, P>(definition: OperationDefinition<R, P>): AnyOperationDefinition {
  return definition as unknown as AnyOperationDefinition;
}
