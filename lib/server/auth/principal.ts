// Who is calling: resolved from a bearer token or a sign-in session, always against the database,
// so a disabled user or a revoked token stops working at once. On the typed-SQL path (sql.ts): every
// request resolves its caller (through principal-cache.ts), the router's calls to the built-in escrow
// included, and Prisma's compiler cost about a millisecond a lookup.
import { isRole, type Role } from "@/lib/domain/roles";
import { dbNow, parseDbDateMs, sqlDb } from "@/lib/server/db/sql";
import { hashApiToken } from "./api-token";
import { nowMs } from "@/lib/server/clock";

export type Principal = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  organizationId: string | null;
  via: "token" | "session";
};

type UserRow = { id: string; email: string; name: string; role: string; organizationId: string | null; disabledAt: string | Date | null };

function toPrincipal(user: UserRow, via: Principal["via"]): Principal | null {
  if (user.disabledAt || !isRole(user.role)) return null;
  return { userId: user.id, email: user.email, name: user.name, role: user.role, organizationId: user.organizationId, via };
}

const LAST_USED_RESOLUTION_MS = 60_000;

const USER_COLUMNS = ["User.id", "User.email", "User.name", "User.role", "User.organizationId", "User.disabledAt"] as const;

export async function principalFromBearer(token: string): Promise<Principal | null> {
  const row = await sqlDb
    .selectFrom("ApiToken")
    .innerJoin("User", "User.id", "ApiToken.userId")
    .select([...USER_COLUMNS, "ApiToken.id as tokenId", "ApiToken.lastUsedAt", "ApiToken.revokedAt"])
    .where("ApiToken.tokenHash", "=", hashApiToken(token))
    .executeTakeFirst();
  if (!row || row.revokedAt) return null;
  const principal = toPrincipal(row, "token");
  if (principal && (!row.lastUsedAt || nowMs() - parseDbDateMs(row.lastUsedAt) > LAST_USED_RESOLUTION_MS)) {
    // Coarse on purpose: one write a minute per token at most.
    await sqlDb.updateTable("ApiToken").set({ lastUsedAt: dbNow() }).where("id", "=", row.tokenId).execute();
  }
  return principal;
}

export async function principalFromUserId(userId: string): Promise<Principal | null> {
  const user = await sqlDb.selectFrom("User").select(USER_COLUMNS).where("User.id", "=", userId).executeTakeFirst();
  return user ? toPrincipal(user, "session") : null;
}
