// GET {router_url}/finapi/profiles/{profileId}/documents/{documentId} (decisions.md §2) – the bytes of
// a document, for those who may read the profile. The stored file is checked against its recorded
// sha256, so a file changed on disk is never served as the uploaded one.
import { createHash } from "node:crypto";
import { AppError } from "@/lib/domain/app-error";
import type { Document } from "@/lib/generated/prisma/client";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { findAccessibleProfile } from "@/lib/server/profiles/find-accessible-profile";
import { readDocumentFile } from "./document-files";

export type DocumentDownload = { name: string; mimeType: string; bytes: Uint8Array<ArrayBuffer> };

export async function downloadDocument(profileId: string, documentId: string, caller: Principal): Promise<DocumentDownload> {
  await findAccessibleProfile(profileId, caller, "read");
  const document = await db.document.findFirst({ where: { id: documentId, profileId } });
  if (!document) throw new AppError("NOT_FOUND", `No document ${documentId} on profile ${profileId}.`);
  return readVerifiedDocument(document);
}

/** The stored bytes of a document the caller may read, checked against its recorded sha256. */
export async function readVerifiedDocument(document: Pick<Document, "id" | "name" | "mimeType" | "sha256" | "storageName">): Promise<DocumentDownload> {
  const bytes = new Uint8Array(await readDocumentFile(document.storageName));
  if (createHash("sha256").update(bytes).digest("hex") !== document.sha256) {
    // An unexpected error: logged with the request id, answered with a plain 500.
    throw new Error(`the stored file of document ${document.id} no longer matches its sha256`);
  }
  return { name: document.name, mimeType: document.mimeType, bytes };
}
