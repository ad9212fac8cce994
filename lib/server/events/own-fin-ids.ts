// finIds of a user's own profiles: whose plans, receipts and events are the user's.
import { prepared, sqlDb } from "@/lib/server/db/sql";
import { OWN_PROFILES_LIST_MAX } from "@/lib/server/profiles/list-own-profiles";

const finIdsOf = prepared((db, a: { userId: string }) =>
  db.selectFrom("Profile").select("finId").where("ownerUserId", "=", a.userId).orderBy("createdAt", "asc").limit(OWN_PROFILES_LIST_MAX),
);

export async function loadOwnFinIds(userId: string): Promise<string[]> {
  const rows = await finIdsOf.all(sqlDb, { userId });
  return rows.map((r) => r.finId);
}
