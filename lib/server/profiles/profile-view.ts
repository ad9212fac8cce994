// How a profile is shown (GET …/finapi/profiles, GET …/finapi/profiles/{profileId}): creation time in
// epoch seconds and the organizations it is shared with, in id order.
import { db } from "@/lib/server/db/client";

type ProfileRow = { id: string; finId: string; createdAt: Date };
export type ProfileView = { id: string; finId: string; createdAt: number; sharedWith: string[] };

/** The views of these profiles, in the order given, with their shares read in one query. */
export async function toProfileViews(profiles: readonly ProfileRow[]): Promise<ProfileView[]> {
  const shares = await db.profileShare.findMany({
    where: { profileId: { in: profiles.map((p) => p.id) } },
    orderBy: { organizationId: "asc" },
    select: { profileId: true, organizationId: true },
  });
  return profiles.map((p) => ({
    id: p.id,
    finId: p.finId,
    createdAt: Math.floor(p.createdAt.getTime() / 1000),
    sharedWith: shares.filter((s) => s.profileId === p.id).map((s) => s.organizationId),
  }));
}
