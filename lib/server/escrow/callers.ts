// Who may call the built-in adapter (decisions.md §6): routers, with a token of role organization,
// and for operator calls and polls the escrow's own operators. A program user of a payment
// organization (kind escrow: the built-in one or any other registered) is not a router and is
// refused. A router's operations belong to its organization (lib/domain/escrow/operation-owner.ts).
import { AppError } from "@/lib/domain/app-error";
import { ownerOf } from "@/lib/domain/escrow/operation-owner";
import { env } from "@/lib/env";
import type { Principal } from "@/lib/server/auth/principal";
import { organizationRecord } from "@/lib/server/organizations/organization-cache";

/** A router calling the adapter: who it is, and the owner its operations are recorded under. */
export type RouterCaller = { userId: string; owner: string };

/** The caller as a router, or 403 when it is not one. */
export async function routerCaller(caller: Principal): Promise<RouterCaller> {
  if (caller.role !== "organization") throw new AppError("FORBIDDEN", "The adapter accepts only the bearer tokens of routers (role organization).");
  if (caller.organizationId !== null) {
    const organization = await organizationRecord(caller.organizationId);
    if (organization?.kind === "escrow") {
      throw new AppError(
        "FORBIDDEN",
        `${caller.organizationId} is a payment organization: its program users are not routers and cannot call the adapter.`,
      );
    }
  }
  return { userId: caller.userId, owner: ownerOf(caller) };
}

export function isEscrowOperator(caller: Principal): boolean {
  return caller.role === "escrowOperator" && caller.organizationId === env.ESCROW_ORG_ID;
}

export function assertEscrowOperator(caller: Principal): void {
  if (!isEscrowOperator(caller)) {
    throw new AppError("FORBIDDEN", `Operator calls need an escrow operator of ${env.ESCROW_ORG_ID}.`);
  }
}
