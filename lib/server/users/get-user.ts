// One user as an admin sees it: never its password hash or token hashes.
import { AppError } from "@/lib/domain/app-error";
import { db } from "@/lib/server/db/client";
import { isSystemUser } from "@/lib/server/setup/ensure-system-records";

export type UserView = {
  id: string;
  email: string;
  name: string;
  role: string;
  organizationId: string | null;
  createdAt: string;
  disabled: boolean;
  /** One of the program users settlement depends on: its access cannot be changed. */
  system: boolean;
  tokens: { id: string; label: string; createdAt: string; lastUsedAt: string | null; revoked: boolean }[];
};

export async function getUser(userId: string): Promise<UserView> {
  const user = await db.user.findUnique({ where: { id: userId }, include: { apiTokens: { orderBy: { createdAt: "asc" }, take: 100 } } });
  if (!user) throw new AppError("NOT_FOUND", `No user has the id ${userId}.`);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organizationId: user.organizationId,
    createdAt: user.createdAt.toISOString(),
    disabled: user.disabledAt !== null,
    system: isSystemUser(user.email),
    tokens: user.apiTokens.map((t) => ({
      id: t.id,
      label: t.label,
      createdAt: t.createdAt.toISOString(),
      lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
      revoked: t.revokedAt !== null,
    })),
  };
}
