// What every resolver gets: the caller, and (read once per operation, on first use) the finIds of
// the caller's own profiles, which decide which plans and receipts are the caller's.
import { AppError } from "@/lib/domain/app-error";
import type { Principal } from "@/lib/server/auth/principal";
import { loadOwnFinIds } from "@/lib/server/events/own-fin-ids";

export type GraphQLContext = {
  principal: Principal | null;
  /** finIds of the caller's own profiles, read once per operation. */
  ownFinIds: () => Promise<string[]>;
};

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
