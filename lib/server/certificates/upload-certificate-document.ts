// POST {router_url}/finapi/profiles/{profileId}/certificates/{certificateId} (interface.md "Upload
// document to certificate", decisions.md §2) – the owner adds a document to a certificate of the
// profile. Refusals in order: 404 (profile or certificate), 400 empty, 415 type not allowed, 422
// content not the declared type. The file is stored before the transaction that records it, and
// removed again when that transaction fails, so no row ever points at a missing file.
import { createHash } from "node:crypto";
import { AppError } from "@/lib/domain/app-error";
import { classifyDocument, cleanFileName } from "@/lib/domain/documents";
import { makeId } from "@/lib/domain/ids";
import { env } from "@/lib/env";
import type { UploadedDocument } from "@/lib/schemas/certificate";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { findAccessibleProfile } from "@/lib/server/profiles/find-accessible-profile";
import { removeDocumentFile, writeDocumentFile } from "./document-files";
import type { UploadedFile } from "./read-uploaded-file";

/** A certificate carries at most this many documents. */
export const DOCUMENTS_PER_CERTIFICATE_MAX = 20;

export async function uploadCertificateDocument(
  target: { profileId: string; certificateId: string },
  file: UploadedFile,
  caller: Principal,
  requestId: string,
): Promise<UploadedDocument> {
  const { profileId, certificateId } = target;
  await findAccessibleProfile(profileId, caller, "act");
  const certificate = await db.certificate.findFirst({ where: { id: certificateId, profileId }, select: { id: true } });
  if (!certificate) throw new AppError("NOT_FOUND", `No certificate ${certificateId} on profile ${profileId}.`);
  const classified = classifyDocument(file.declaredType, file.bytes);
  if ("refusal" in classified) {
    const { code, message } = classified.refusal;
    throw new AppError(code, `body ${file.field}: ${message}`, [{ in: "body", path: file.field, message }]);
  }
  const document = {
    id: makeId(env.ORG_ID, "document"),
    name: cleanFileName(file.name),
    mimeType: classified.mimeType,
    size: file.bytes.byteLength,
    sha256: createHash("sha256").update(file.bytes).digest("hex"),
  };
  const storageName = await writeDocumentFile(file.bytes);
  try {
    await db.$transaction(async (tx) => {
      if ((await tx.document.count({ where: { certificateId } })) >= DOCUMENTS_PER_CERTIFICATE_MAX) {
        throw new AppError("UNPROCESSABLE", `A certificate carries at most ${DOCUMENTS_PER_CERTIFICATE_MAX} documents.`);
      }
      await tx.document.create({ data: { ...document, profileId, certificateId, storageName, uploadedByUserId: caller.userId } });
      await recordAudit(tx, {
        actorUserId: caller.userId,
        action: "document.uploaded",
        subjectType: "document",
        subjectId: document.id,
        requestId,
        details: { profileId, certificateId, name: document.name, mimeType: document.mimeType, size: document.size, sha256: document.sha256 },
      });
    });
  } catch (error) {
    await removeDocumentFile(storageName);
    throw error;
  }
  return document;
}
