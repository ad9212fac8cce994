// Where uploaded documents are kept: one file per document under $DATA_DIR/documents, named by a
// random uuid (never by anything the uploader chose), readable by this process's user only.
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";

const DOCUMENTS_DIR = path.join(env.DATA_DIR, "documents");

function pathOf(storageName: string): string {
  // storageName is always one of our uuids; anything else would be a bug, not an input to honour.
  if (!/^[0-9a-f-]{36}$/.test(storageName)) throw new RangeError(`invalid storage name ${JSON.stringify(storageName)}`);
  return path.join(DOCUMENTS_DIR, storageName);
}

/**
 * Writes the bytes to a temporary name and renames it into place, so a crash never leaves a
 * half-written document under a name the database could point at. Returns the storage name.
 */
export async function writeDocumentFile(bytes: Uint8Array): Promise<string> {
  await mkdir(DOCUMENTS_DIR, { recursive: true, mode: 0o700 });
  const storageName = randomUUID();
  const target = pathOf(storageName);
  const temporary = `${target}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, bytes, { mode: 0o600, flag: "wx" });
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return storageName;
}

export async function readDocumentFile(storageName: string): Promise<Buffer> {
  return readFile(pathOf(storageName));
}

/** Removes a stored document; one that is already gone is fine. */
export async function removeDocumentFile(storageName: string): Promise<void> {
  await rm(pathOf(storageName), { force: true });
}
