// The encrypted backup file of a browser key: a versioned JSON document holding the sealed key
// exactly as IndexedDB keeps it. Reading one validates it whole, so a wrong or damaged file is named
// before any passphrase is asked for.
import { z } from "zod";

import { sealedKeySchema, type SealedKey } from "@/lib/client/keys/sealed-key-record";

export const KEY_BACKUP_FORMAT = "tokenized-assets-network/key-backup";
export const KEY_BACKUP_VERSION = 1;
/** A backup is a few hundred bytes; anything much larger is not one. */
export const KEY_BACKUP_MAX_BYTES = 16_384;

export const keyBackupSchema = z.strictObject({
  format: z.literal(KEY_BACKUP_FORMAT, { error: "is not a key backup of this portal" }),
  version: z.literal(KEY_BACKUP_VERSION, { error: `must be version ${KEY_BACKUP_VERSION}` }),
  key: sealedKeySchema,
});

export type KeyBackup = z.infer<typeof keyBackupSchema>;

export class KeyBackupError extends Error {
  override name = "KeyBackupError";
}

export function toKeyBackup(sealed: SealedKey): KeyBackup {
  return { format: KEY_BACKUP_FORMAT, version: KEY_BACKUP_VERSION, key: sealed };
}

export function serializeKeyBackup(sealed: SealedKey): string {
  return `${JSON.stringify(toKeyBackup(sealed), null, 2)}\n`;
}

/** The file name a backup is offered under: the finId's fingerprint keeps several apart. */
export function keyBackupFileName(fingerprint: string): string {
  return `key-backup-${fingerprint}.json`;
}

/** Offers the backup of `sealed` as a download, named after its finId's `fingerprint`. */
export function downloadKeyBackup(sealed: SealedKey, fingerprint: string): void {
  const url = URL.createObjectURL(new Blob([serializeKeyBackup(sealed)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = keyBackupFileName(fingerprint);
  link.click();
  // Revoking at once can cancel the download before the browser has read the blob.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Reads a backup file's text; a KeyBackupError says what is wrong with it. */
export function parseKeyBackup(text: string): SealedKey {
  if (text.length > KEY_BACKUP_MAX_BYTES) throw new KeyBackupError("This file is too large to be a key backup.");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new KeyBackupError("This file is not JSON, so it is not a key backup.");
  }
  const result = keyBackupSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join(".") : "the file";
    throw new KeyBackupError(`This key backup is not valid: ${where} ${issue?.message ?? "is malformed"}.`);
  }
  return result.data.key;
}
