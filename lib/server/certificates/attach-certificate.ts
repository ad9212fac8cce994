// POST {router_url}/finapi/profiles/{profileId}/certificates (interface.md "Attach certificate") – the
// owner attaches a certificate; the schema has already checked `data` against the certificate's type.
import { AppError } from "@/lib/domain/app-error";
import { makeId } from "@/lib/domain/ids";
import { env } from "@/lib/env";
import type { Certificate } from "@/lib/schemas/certificate";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { findAccessibleProfile } from "@/lib/server/profiles/find-accessible-profile";

/** A profile holds at most this many certificates (renewals included). */
export const CERTIFICATES_PER_PROFILE_MAX = 100;

export async function attachCertificate(profileId: string, input: Certificate, caller: Principal, requestId: string): Promise<{ id: string }> {
  await findAccessibleProfile(profileId, caller, "act");
  const id = makeId(env.ORG_ID, "certificate");
  await db.$transaction(async (tx) => {
    if ((await tx.certificate.count({ where: { profileId } })) >= CERTIFICATES_PER_PROFILE_MAX) {
      throw new AppError("UNPROCESSABLE", `A profile holds at most ${CERTIFICATES_PER_PROFILE_MAX} certificates.`);
    }
    await tx.certificate.create({
      data: {
        id,
        profileId,
        type: input.type,
        issuanceDate: input.issuanceDate,
        expirationDate: input.expirationDate,
        data: input.data,
        createdByUserId: caller.userId,
      },
    });
    await recordAudit(tx, {
      actorUserId: caller.userId,
      action: "certificate.attached",
      subjectType: "certificate",
      subjectId: id,
      requestId,
      details: { profileId, type: input.type, issuanceDate: input.issuanceDate, expirationDate: input.expirationDate },
    });
  });
  return { id };
}
