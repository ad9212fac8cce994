// GET {router_url}/finapi/profiles/{profileId}/certificates – the profile's certificates in the order
// they were attached, each with its documents and whether it has expired. Those who may read the
// profile (its owner, admins, organizations it is shared with) see them.
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { findAccessibleProfile } from "@/lib/server/profiles/find-accessible-profile";
import { toCertificateView, type CertificateView } from "./certificate-view";

export async function listCertificates(profileId: string, caller: Principal): Promise<{ certificates: CertificateView[] }> {
  await findAccessibleProfile(profileId, caller, "read");
  const [certificates, documents] = await Promise.all([
    db.certificate.findMany({ where: { profileId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.document.findMany({ where: { profileId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  const byCertificate = new Map<string, typeof documents>();
  for (const d of documents) byCertificate.set(d.certificateId, [...(byCertificate.get(d.certificateId) ?? []), d]);
  const nowSeconds = Math.floor(Date.now() / 1000);
  return { certificates: certificates.map((c) => toCertificateView(c, byCertificate.get(c.id) ?? [], nowSeconds)) };
}
