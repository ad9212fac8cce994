// Query fields. Everything but serverTime and viewer needs a signed-in caller; what each list holds
// is the caller's (data/scopes.ts). Lists are connections: `first` (1..100) and `after`.
import { z } from "zod";
import { AppError } from "@/lib/domain/app-error";
import { profileIdSchema } from "@/lib/schemas/common";
import type { GraphqlPlanStatus } from "@/lib/schemas/plan";
import { listAssets } from "@/lib/server/assets/list-assets";
import { requirePrincipal, type GraphQLContext } from "../context";
import { findPlan, listPlans } from "../data/plans";
import { listHoldings, listOwnProfiles } from "../data/profiles";
import { listReceipts, SETTLEMENT_REF_MAX_LENGTH } from "../data/receipts";
import { loaders } from "../loaders";
import { encodeCursor, pageOf, type ConnectionArgs } from "../pagination";
import { intentsOf, type IntentFilterInput } from "./intent-filter";

const ID_MAX_LENGTH = 150;

/** An argument checked with a zod schema; a failure is VALIDATION_FAILED naming the argument. */
function argument<S extends z.ZodType>(name: string, schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? "is not allowed";
  throw new AppError("VALIDATION_FAILED", `${name}: ${message}.`, [{ path: name, message }]);
}

const idArgument = z.string().min(1).max(ID_MAX_LENGTH, { error: `must be at most ${ID_MAX_LENGTH} characters` });

export const queryResolvers = {
  Query: {
    serverTime: () => new Date().toISOString(),
    viewer: (_: unknown, __: unknown, context: GraphQLContext) => {
      const p = context.principal;
      return p ? { id: p.userId, email: p.email, name: p.name, role: p.role, organizationId: p.organizationId } : null;
    },
    assets: async (_: unknown, args: ConnectionArgs, context: GraphQLContext) => {
      requirePrincipal(context);
      const page = pageOf(args);
      const { assets, nextCursor } = await listAssets({ limit: page.take, ...(page.afterKey === null ? {} : { cursor: page.afterKey }) });
      const last = assets[assets.length - 1];
      return { nodes: assets, pageInfo: { hasNextPage: nextCursor !== null, endCursor: last ? encodeCursor(last.id) : null } };
    },
    asset: async (_: unknown, args: { id: string }, context: GraphQLContext) => {
      requirePrincipal(context);
      return (await loaders.asset.load(argument("id", idArgument, args.id))) ?? null;
    },
    intents: (_: unknown, args: ConnectionArgs & { filter?: IntentFilterInput[] | null }, context: GraphQLContext) => {
      requirePrincipal(context);
      return intentsOf({ filter: args.filter, page: pageOf(args) });
    },
    plans: (_: unknown, args: ConnectionArgs & { status?: GraphqlPlanStatus | null }, context: GraphQLContext) =>
      listPlans(context, args.status, pageOf(args)),
    plan: (_: unknown, args: { id: string }, context: GraphQLContext) => findPlan(context, argument("id", idArgument, args.id)),
    receipts: (_: unknown, args: ConnectionArgs & { settlementRef?: string | null }, context: GraphQLContext) => {
      const settlementRef = argument("settlementRef", z.string().max(SETTLEMENT_REF_MAX_LENGTH).nullish(), args.settlementRef);
      return listReceipts(context, settlementRef, pageOf(args));
    },
    profiles: (_: unknown, args: ConnectionArgs, context: GraphQLContext) => listOwnProfiles(requirePrincipal(context), pageOf(args)),
    holdings: (_: unknown, args: ConnectionArgs & { profileId?: string | null }, context: GraphQLContext) => {
      const principal = requirePrincipal(context);
      const profileId = argument("profileId", profileIdSchema.nullish(), args.profileId);
      return listHoldings(principal, profileId, pageOf(args));
    },
  },
};
