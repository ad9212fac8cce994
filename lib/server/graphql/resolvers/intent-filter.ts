// Intents by filter (interface.md "GraphQL": `intents(filter: [{ key, operator: EQ, value }])`),
// through the same listing as GET /finapi/intents: key "type" and key "status" (ACTIVE means
// executable now, decisions.md §3). Conditions are ANDed, so two different values for one key match
// nothing. Values are checked with the REST schemas.
import { AppError, type FieldError } from "@/lib/domain/app-error";
import { decodeIntentCursor, type IntentCursor } from "@/lib/domain/intent-order";
import { intentStatusSchema, intentTypeSchema, type IntentStatus, type IntentType } from "@/lib/schemas/intent";
import { listIntentsPage } from "@/lib/server/intents/list-intents";
import { emptyConnection, encodeCursor, type Connection, type Page } from "../pagination";
import type { IntentParent } from "../parents";

export const INTENT_FILTERS_MAX = 10;
const FILTER_KEYS = ["type", "status"] as const;

export type IntentFilterInput = { key: string; operator: "EQ"; value: string };
type Conditions = { type?: IntentType; status?: IntentStatus };

function bad(message: string, errors: FieldError[]): AppError {
  return new AppError("VALIDATION_FAILED", message, errors);
}

/** The conditions, or null when they contradict each other (nothing can match). */
export function intentConditions(filters: readonly IntentFilterInput[]): Conditions | null {
  if (filters.length > INTENT_FILTERS_MAX) throw bad(`At most ${INTENT_FILTERS_MAX} filters.`, [{ path: "filter", message: `at most ${INTENT_FILTERS_MAX} items` }]);
  const conditions: Conditions = {};
  let contradicts = false;
  filters.forEach((filter, index) => {
    const schema = filter.key === "type" ? intentTypeSchema : filter.key === "status" ? intentStatusSchema : null;
    if (!schema) {
      throw bad(`filter key ${JSON.stringify(filter.key)} is unknown; use one of ${FILTER_KEYS.join(", ")}.`, [
        { path: `filter[${index}].key`, message: `must be one of ${FILTER_KEYS.join(", ")}` },
      ]);
    }
    const parsed = schema.safeParse(filter.value);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "is not allowed";
      throw bad(`filter ${filter.key}: ${message}.`, [{ path: `filter[${index}].value`, message }]);
    }
    const key = filter.key as keyof Conditions;
    if (conditions[key] !== undefined && conditions[key] !== parsed.data) contradicts = true;
    Object.assign(conditions, { [key]: parsed.data });
  });
  return contradicts ? null : conditions;
}

/** The REST cursor inside a connection cursor; the connection lists newest first. */
function restCursorOf(page: Page): IntentCursor | undefined {
  if (page.afterKey === null) return undefined;
  const cursor = decodeIntentCursor(page.afterKey);
  if (!cursor || cursor.sort !== "newest") throw bad("after is not a cursor of this list; pass the endCursor of the page before.", [{ path: "after", message: "is not a cursor" }]);
  return cursor;
}

export async function intentsOf(input: { filter?: readonly IntentFilterInput[] | null; assetId?: string; page: Page }): Promise<Connection<IntentParent>> {
  const conditions = intentConditions(input.filter ?? []);
  if (!conditions) return emptyConnection();
  const cursor = restCursorOf(input.page);
  const { intents, nextCursor, endCursor } = await listIntentsPage({
    ...conditions,
    ...(input.assetId ? { assetId: input.assetId } : {}),
    sort: "newest",
    limit: input.page.take,
    ...(cursor ? { cursor } : {}),
  });
  return {
    nodes: intents.map(({ assetId, ...view }) => ({ id: view.id, view, assetId })),
    pageInfo: { hasNextPage: nextCursor !== null, endCursor: endCursor === null ? null : encodeCursor(endCursor) },
  };
}
