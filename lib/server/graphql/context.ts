// What every resolver gets: the caller, and (read once per operation, on first use) the finIds of
// the caller's own profiles, which decide which plans, receipts and events are the caller's.
import { AppError } from "@/lib/domain/app-error";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";

/** More keys than this for one user is not an investor but a bug or an abuse (as in listOwnProfiles). */
const OWN_FIN_IDS_MAX = 500;

export type GraphQLContext = {
  principal: Principal | null;
  /** finIds of the caller's own profiles, read once per operation. */
  ownFinIds: () => Promise<string[]>;
};

export async function loadOwnFinIds(userId: string): Promise<string[]> {
  const rows = await db.profile.findMany({ where: { ownerUserId: userId }, select: { finId: true }, orderBy: { createdAt: "asc" }, take: OWN_FIN_IDS_MAX });
  return rows.map((r) => r.finId);
}

export function createContext(principal: Principal | null): GraphQLContext {
  let finIds: Promise<string[]> | null = null;
  return {
    principal,
    ownFinIds: () => (finIds ??= principal ? loadOwnFinIds(principal.userId) : Promise.resolve([])),
  };
}

export function requirePrincipal(context: GraphQLContext): Principal {
  if (!context.principal) throw new AppError("UNAUTHENTICATED", "Sign in, or send Authorization: Bearer <token>.");
  return context.principal;
}
