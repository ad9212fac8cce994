// Which plans and receipts are the caller's (decisions.md §6), as database filters, so lists page
// correctly and a single lookup uses the same rule. Plans: the buyer's, seller's or executor's; for a
// user of an organization (role organization or escrowOperator), also the plans the organization
// takes part in; for an admin, all. Receipts: those whose source or destination is one of the
// caller's profiles; for an admin, all. Organizations read receipts through the plans they see.
import type { Prisma } from "@/lib/generated/prisma/client";
import { actsForOrganization } from "@/lib/server/events/event-audience";
import { requirePrincipal, type GraphQLContext } from "../context";

const NOTHING = { id: { in: [] as string[] } };

/**
 * Plans whose document names the organization among its participants. The document is JSON written
 * by planDocument (lib/domain/trade/trade.ts) as `{"organizationId":"<id>","roles":[…]}`, and an
 * organization id is lower-case letters, digits and dashes, so the quoted pair matches exactly.
 */
export function participantWhere(organizationId: string): Prisma.PlanWhereInput {
  return { content: { contains: `{"organizationId":${JSON.stringify(organizationId)},` } };
}

export async function planScope(context: GraphQLContext): Promise<Prisma.PlanWhereInput> {
  const principal = requirePrincipal(context);
  if (principal.role === "admin") return {};
  const finIds = await context.ownFinIds();
  const own: Prisma.PlanWhereInput[] = [{ executorUserId: principal.userId }];
  if (finIds.length) own.push({ buyerFinId: { in: finIds } }, { sellerFinId: { in: finIds } });
  if (actsForOrganization(principal.role, principal.organizationId)) own.push(participantWhere(principal.organizationId));
  return { OR: own };
}

export async function receiptScope(context: GraphQLContext): Promise<Prisma.ReceiptWhereInput> {
  const principal = requirePrincipal(context);
  if (principal.role === "admin") return {};
  const finIds = await context.ownFinIds();
  if (!finIds.length) return NOTHING;
  return { OR: [{ sourceFinId: { in: finIds } }, { destinationFinId: { in: finIds } }] };
}
