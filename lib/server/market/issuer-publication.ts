// What an issuer publishes about itself and its offering: the name and documents of its profile's
// ownerInfo certificates. Once a profile issues an asset, any signed-in caller reads these through
// the asset (the asset page, README "The portal"); the profile's other certificates (KYC/AML,
// accreditation) and their documents stay with those who may read the profile.
import { db } from "@/lib/server/db/client";

/** The issuer's ownerInfo certificates, newest first, with their documents. */
export async function issuerPublication(issuerProfileId: string, nowSeconds: number) {
  const certificates = await db.certificate.findMany({ where: { profileId: issuerProfileId, type: "ownerInfo" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  const valid = certificates.filter((c) => c.expirationDate > nowSeconds);
  const named = valid.map((c) => (JSON.parse(c.data) as { name?: unknown }).name).find((name): name is string => typeof name === "string");
  const documents = await db.document.findMany({ where: { certificateId: { in: certificates.map((c) => c.id) } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 100 });
  return {
    name: named ?? null,
    documents: documents.map((d) => ({ id: d.id, name: d.name, mimeType: d.mimeType, size: d.size, sha256: d.sha256, createdAt: Math.floor(d.createdAt.getTime() / 1000) })),
    documentRows: documents,
  };
}
