// Who is calling: resolved from a bearer token or a sign-in session, always against the database,
// so a disabled user or a revoked token stops working at once.
import { isRole, type Role } from "@/lib/domain/roles";
import { db } from "@/lib/server/db/client";
import { hashApiToken } from "./api-token";

export type Principal = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  organizationId: string | null;
  via: "token" | "session";
};

type UserRow = { id: string; email: string; name: string; role: string; organizationId: string | null; disabledAt: Date | null };

function toPrincipal(user: UserRow, via: Principal["via"]): Principal | null {
  if (user.disabledAt || !isRole(user.role)) return null;
  return { userId: user.id, email: user.email, name: user.name, role: user.role, organizationId: user.organizationId, via };
}

const LAST_USED_RESOLUTION_MS = 60_000;

export async function principalFromBearer(token: string): Promise<Principal | null> {
  const row = await db.apiToken.findUnique({ where: { tokenHash: hashApiToken(token) }, include: { user: true } });
  if (!row || row.revokedAt) return null;
  const principal = toPrincipal(row.user, "token");
  if (principal && (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS)) {
    // Coarse on purpose: one write a minute per token at most.
    await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  }
  return principal;
}

export async function principalFromUserId(userId: string): Promise<Principal | null> {
  const user = await db.user.findUnique({ where: { id: userId } });
  return user ? toPrincipal(user, "session") : null;
}
