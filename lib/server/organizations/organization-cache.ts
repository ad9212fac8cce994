// Organizations as the settlement path reads them, remembered for ORGANIZATION_CACHE_TTL_MS: a
// trade asks three times who its payment organization is and whether its caller is a router, and
// organizations change only when an admin registers or edits one. A change made in this process
// forgets them at once (manage-organizations.ts); the TTL bounds how long a change made by another
// process can go unseen.
import type { Selectable } from "kysely";
import { sqlDb, type DB } from "@/lib/server/db/sql";
import { nowMs } from "@/lib/server/clock";

export const ORGANIZATION_CACHE_TTL_MS = 1_000;

export type OrganizationRecord = Pick<Selectable<DB["Organization"]>, "id" | "name" | "kind" | "adapterUrl" | "adapterTokenSealed">;

// Answers are kept, not queries in flight: a query started outside a transaction waits for its turn,
// and a transaction's work that awaited it would wait for itself (lib/server/db/transactions.ts).
type Entry = { record: OrganizationRecord | null; untilMs: number };
const holder = globalThis as typeof globalThis & { __tanOrganizations?: Map<string, Entry> };
const entries = (holder.__tanOrganizations ??= new Map());

/** The organization `id`, or null when there is none. */
export async function organizationRecord(id: string): Promise<OrganizationRecord | null> {
  const hit = entries.get(id);
  if (hit && hit.untilMs > nowMs()) return hit.record;
  const row = await sqlDb.selectFrom("Organization").select(["id", "name", "kind", "adapterUrl", "adapterTokenSealed"]).where("id", "=", id).executeTakeFirst();
  const record = row ?? null;
  entries.set(id, { record, untilMs: nowMs() + ORGANIZATION_CACHE_TTL_MS });
  return record;
}

/** After organizations changed in this process (registered, edited, their tokens renewed). */
export function forgetOrganizations(): void {
  entries.clear();
}
