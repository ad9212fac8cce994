// GET {router_url}/finapi/profiles/{profileId}/certificates/{certificateId} – one certificate of the
// profile, with its documents; a certificate of another profile is as unknown as a missing one.
import { AppError } from "@/lib/domain/app-error";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { findAccessibleProfile } from "@/lib/server/profiles/find-accessible-profile";
import { toCertificateView, type CertificateView } from "./certificate-view";

export async function getCertificate(profileId: string, certificateId: string, caller: Principal): Promise<CertificateView> {
  await findAccessibleProfile(profileId, caller, "read");
  const certificate = await db.certificate.findFirst({ where: { id: certificateId, profileId } });
  if (!certificate) throw new AppError("NOT_FOUND", `No certificate ${certificateId} on profile ${profileId}.`);
  const documents = await db.document.findMany({ where: { certificateId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return toCertificateView(certificate, documents, Math.floor(Date.now() / 1000));
}
