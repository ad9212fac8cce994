// The profile a caller names, if the caller may see it or act for it (decisions.md §6). Anyone not
// allowed gets the same 404 as for a profile that does not exist, so ids cannot be probed.
//
//  - "act":   its owner (attach certificates, upload, share, deposit, withdraw, account workflow);
//  - "see":   its owner or an admin (holdings, decisions.md §8);
//  - "read":  also a payment organization the profile was shared with, or that already serves it
//             (interface.md "What the service does" step 2): certificates and documents.
import { AppError } from "@/lib/domain/app-error";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";

export type ProfileAccess = "act" | "see" | "read";

/** True when the caller's organization was given the profile, or already has operations routed to it for it. */
export async function organizationMayRead(profileId: string, caller: Principal): Promise<boolean> {
  const orgId = caller.organizationId;
  if (!orgId || (caller.role !== "organization" && caller.role !== "escrowOperator")) return false;
  const shared = await db.profileShare.findUnique({ where: { profileId_organizationId: { profileId, organizationId: orgId } } });
  if (shared) return true;
  const served = await db.routerOperation.findFirst({ where: { profileId, organizationId: orgId }, select: { id: true } });
  return served !== null;
}

export async function findAccessibleProfile(profileId: string, caller: Principal, access: ProfileAccess = "see") {
  const profile = await db.profile.findUnique({ where: { id: profileId } });
  const allowed =
    profile !== null &&
    (profile.ownerUserId === caller.userId ||
      (access !== "act" && caller.role === "admin") ||
      (access === "read" && (await organizationMayRead(profile.id, caller))));
  if (!profile || !allowed) throw new AppError("NOT_FOUND", `No profile ${profileId} that you may ${access === "act" ? "act for" : "see"}.`);
  return profile;
}
