// Demo people for a first look, created only on a database that has no people yet.
import { randomUUID } from "node:crypto";
import type { Role } from "@/lib/domain/roles";
import { env } from "@/lib/env";
import { hashPassword } from "@/lib/server/auth/password";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { db } from "@/lib/server/db/client";

export type DemoUser = { email: string; name: string; role: Role; password: string; organizationId?: string };

export const DEMO_USERS: readonly DemoUser[] = [
  { email: "admin@example.com", name: "Ada Admin", role: "admin", password: "admin-demo-pass" },
  { email: "issuer@example.com", name: "Iris Issuer", role: "issuer", password: "issuer-demo-pass" },
  { email: "alice@example.com", name: "Alice Investor", role: "investor", password: "investor-demo-pass" },
  { email: "bob@example.com", name: "Bob Investor", role: "investor", password: "investor-demo-pass" },
  { email: "operator@example.com", name: "Oscar Operator", role: "escrowOperator", password: "operator-demo-pass", organizationId: env.ESCROW_ORG_ID },
];

/** People are users that can sign in (program accounts made by ensureSystemRecords have no password). */
async function hasPeople(): Promise<boolean> {
  return (await db.user.count({ where: { passwordHash: { not: null } } })) > 0;
}

/** Creates the demo users when the database has no people; returns those created. */
export async function seedDemoData(): Promise<DemoUser[]> {
  if (await hasPeople()) return [];
  const rows = await Promise.all(DEMO_USERS.map(async (u) => ({ ...u, passwordHash: await hashPassword(u.password) })));
  await db.$transaction(async (tx) => {
    for (const u of rows) {
      const id = randomUUID();
      await tx.user.create({
        data: { id, email: u.email, name: u.name, role: u.role, passwordHash: u.passwordHash, organizationId: u.organizationId ?? null },
      });
      await recordAudit(tx, { actorUserId: null, action: "user.created", subjectType: "user", subjectId: id, details: { role: u.role, demo: true } });
    }
  });
  return [...DEMO_USERS];
}
