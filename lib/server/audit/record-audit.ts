// Audit rows are written inside the transaction of the change they describe, never after it.
import type { Tx } from "@/lib/server/db/client";
import { dbNow, prepared, type SqlTx } from "@/lib/server/db/sql";
import { timeOrderedUuid } from "@/lib/server/db/time-ordered-uuid";

export type AuditEntry = {
  actorUserId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  requestId?: string | null;
  details?: Record<string, unknown>;
};

function auditRow(entry: AuditEntry) {
  return {
    id: timeOrderedUuid(),
    actorUserId: entry.actorUserId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    requestId: entry.requestId ?? null,
    details: JSON.stringify(entry.details ?? {}),
  };
}

export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({ data: auditRow(entry) });
}

const insertAudit = prepared((db, a: ReturnType<typeof auditRow> & { at: string }) => db.insertInto("AuditLog").values(a));

/** recordAudit on the typed-SQL path. */
export async function recordAuditSql(tx: SqlTx, entry: AuditEntry): Promise<void> {
  await insertAudit.changes(tx, { ...auditRow(entry), at: dbNow() });
}
