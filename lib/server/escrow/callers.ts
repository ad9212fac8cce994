// Who may call the built-in adapter (decisions.md §6): routers, with a token of role organization
// (never the escrow organization's own program user), and for operator calls the escrow's operators.
import { AppError } from "@/lib/domain/app-error";
import { env } from "@/lib/env";
import type { Principal } from "@/lib/server/auth/principal";

export function assertRouterCaller(caller: Principal): void {
  if (caller.role !== "organization") throw new AppError("FORBIDDEN", "The adapter accepts only the bearer tokens of routers (role organization).");
  if (caller.organizationId === env.ESCROW_ORG_ID) throw new AppError("FORBIDDEN", "The escrow organization does not call its own adapter.");
}

export function isEscrowOperator(caller: Principal): boolean {
  return caller.role === "escrowOperator" && caller.organizationId === env.ESCROW_ORG_ID;
}

export function assertEscrowOperator(caller: Principal): void {
  if (!isEscrowOperator(caller)) {
    throw new AppError("FORBIDDEN", `Operator calls need an escrow operator of ${env.ESCROW_ORG_ID}.`);
  }
}
