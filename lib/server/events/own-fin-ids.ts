// finIds of a user's own profiles: whose plans, receipts and events are the user's.
import { db } from "@/lib/server/db/client";
import { OWN_PROFILES_LIST_MAX } from "@/lib/server/profiles/list-own-profiles";

export async function loadOwnFinIds(userId: string): Promise<string[]> {
  const rows = await db.profile.findMany({ where: { ownerUserId: userId }, select: { finId: true }, orderBy: { createdAt: "asc" }, take: OWN_PROFILES_LIST_MAX });
  return rows.map((r) => r.finId);
}
