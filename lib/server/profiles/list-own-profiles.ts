// GET {router_url}/finapi/profiles – the caller's own profiles (one per key it proved), oldest first.
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { toProfileViews, type ProfileView } from "./profile-view";

/** More keys than this for one user is not an investor but a bug or an abuse; the list stops there. */
export const OWN_PROFILES_LIST_MAX = 500;

export async function listOwnProfiles(caller: Principal): Promise<{ profiles: ProfileView[] }> {
  const profiles = await db.profile.findMany({
    where: { ownerUserId: caller.userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: OWN_PROFILES_LIST_MAX,
  });
  return { profiles: await toProfileViews(profiles) };
}
