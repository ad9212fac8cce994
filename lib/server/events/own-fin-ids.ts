// finIds of a user's own profiles: whose plans, receipts and events are the user's.
import { sqlDb } from "@/lib/server/db/sql";
import { OWN_PROFILES_LIST_MAX } from "@/lib/server/profiles/list-own-profiles";

export async function loadOwnFinIds(userId: string): Promise<string[]> {
  const rows = await sqlDb.selectFrom("Profile").select("finId").where("ownerUserId", "=", userId).orderBy("createdAt", "asc").limit(OWN_PROFILES_LIST_MAX).execute();
  return rows.map((r) => r.finId);
}
