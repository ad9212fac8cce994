// POST {router_url}/profiles/{profileId}/share (interface.md "Share profile") – the owner lets payment
// organizations read the profile, its certificates and documents. Every named organization must be
// one this node knows, and not this node itself; otherwise each bad one is named and nothing is
// written. Sharing again with the same organization changes nothing.
import { AppError, type FieldError } from "@/lib/domain/app-error";
import { env } from "@/lib/env";
import type { ShareProfileRequest } from "@/lib/schemas/profile";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { findAccessibleProfile } from "./find-accessible-profile";

async function refusals(organizations: readonly string[]): Promise<FieldError[]> {
  const known = await db.organization.findMany({ where: { id: { in: [...organizations] } }, select: { id: true } });
  const knownIds = new Set(known.map((o) => o.id));
  return organizations.flatMap((orgId, index): FieldError[] => {
    const path = `organizations.${index}`;
    if (orgId === env.ORG_ID) return [{ in: "body", path, message: `is this node's own organization (${orgId}); name another organization` }];
    if (!knownIds.has(orgId)) return [{ in: "body", path, message: `is not an organization this node knows (${orgId})` }];
    return [];
  });
}

export async function shareProfile(profileId: string, input: ShareProfileRequest, caller: Principal, requestId: string): Promise<void> {
  await findAccessibleProfile(profileId, caller, "act");
  const errors = await refusals(input.organizations);
  const [first] = errors;
  if (first) {
    const detail = errors.length === 1 ? `body ${first.path}: ${first.message}` : `${errors.length} of the organizations cannot be given the profile.`;
    throw new AppError("UNPROCESSABLE", detail, errors);
  }
  await db.$transaction(async (tx) => {
    for (const organizationId of input.organizations) {
      await tx.profileShare.upsert({
        where: { profileId_organizationId: { profileId, organizationId } },
        create: { profileId, organizationId, sharedByUserId: caller.userId },
        update: {},
      });
    }
    await recordAudit(tx, {
      actorUserId: caller.userId,
      action: "profile.shared",
      subjectType: "profile",
      subjectId: profileId,
      requestId,
      details: { organizations: input.organizations },
    });
  });
}
