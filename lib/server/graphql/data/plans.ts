// Plans the caller may see: a page of them, newest first, or one by id.
import type { GraphqlPlanStatus } from "@/lib/schemas/plan";
import { db } from "@/lib/server/db/client";
import type { GraphQLContext } from "../context";
import { connectionOf, idKeyset, type Connection, type Page } from "../pagination";
import { planParentOfRow, type PlanParent } from "../parents";
import { planScope } from "./scopes";

export async function listPlans(context: GraphQLContext, status: GraphqlPlanStatus | null | undefined, page: Page): Promise<Connection<PlanParent>> {
  const scope = await planScope(context);
  const rows = await db.plan.findMany({
    where: { AND: [scope, ...(status ? [{ status }] : [])] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    ...idKeyset(page),
  });
  return connectionOf(rows, page, (row) => row.id, planParentOfRow);
}

/** The plan, or null when it does not exist or the caller may not see it (the same answer for both). */
export async function findPlan(context: GraphQLContext, id: string): Promise<PlanParent | null> {
  const scope = await planScope(context);
  const row = await db.plan.findFirst({ where: { AND: [{ id }, scope] } });
  return row ? planParentOfRow(row) : null;
}
