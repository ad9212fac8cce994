// The profile a caller names, if the caller may see it: its owner, or an admin. Anyone else gets the
// same 404 as for a profile that does not exist, so ids cannot be probed.
import { AppError } from "@/lib/domain/app-error";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";

export async function findAccessibleProfile(profileId: string, caller: Principal) {
  const profile = await db.profile.findUnique({ where: { id: profileId } });
  if (!profile || (profile.ownerUserId !== caller.userId && caller.role !== "admin")) {
    throw new AppError("NOT_FOUND", `No profile ${profileId} that you may see.`);
  }
  return profile;
}
