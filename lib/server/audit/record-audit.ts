// Audit rows are written inside the transaction of the change they describe, never after it.
import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/server/db/client";

export type AuditEntry = {
  actorUserId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  requestId?: string | null;
  details?: Record<string, unknown>;
};

export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      id: randomUUID(),
      actorUserId: entry.actorUserId,
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      requestId: entry.requestId ?? null,
      details: JSON.stringify(entry.details ?? {}),
    },
  });
}
