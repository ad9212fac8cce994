import { describe, expect, it } from "vitest";

import { generatePrivateKey } from "@/lib/domain/secp256k1";
import { KEY_BACKUP_FORMAT, KeyBackupError, keyBackupFileName, parseKeyBackup, serializeKeyBackup } from "./key-backup";
import { sealPrivateKey, unsealPrivateKey } from "./sealed-key";
import { PBKDF2_MIN_ITERATIONS } from "./sealed-key-record";

const PASSPHRASE = "a long enough passphrase";

async function backupText() {
  const privateKey = generatePrivateKey();
  const sealed = await sealPrivateKey(privateKey, PASSPHRASE, { iterations: PBKDF2_MIN_ITERATIONS });
  return { privateKey, sealed, text: serializeKeyBackup(sealed) };
}

describe("key backups", () => {
  it("export then import gives back the same sealed key, which still unlocks", async () => {
    const { privateKey, sealed, text } = await backupText();
    expect(JSON.parse(text)).toMatchObject({ format: KEY_BACKUP_FORMAT, version: 1 });
    const imported = parseKeyBackup(text);
    expect(imported).toEqual(sealed);
    await expect(unsealPrivateKey(imported, PASSPHRASE)).resolves.toBe(privateKey);
  });

  it("refuses a file that is not JSON", () => {
    expect(() => parseKeyBackup("not json")).toThrow(KeyBackupError);
  });

  it("refuses another format or version, naming the field", async () => {
    const { text } = await backupText();
    const doc = JSON.parse(text) as Record<string, unknown>;
    expect(() => parseKeyBackup(JSON.stringify({ ...doc, version: 2 }))).toThrow(/version/);
    expect(() => parseKeyBackup(JSON.stringify({ ...doc, format: "something-else" }))).toThrow(/format/);
  });

  it("refuses a backup whose key is malformed, naming the field", async () => {
    const { text } = await backupText();
    const doc = JSON.parse(text) as { key: Record<string, unknown> };
    expect(() => parseKeyBackup(JSON.stringify({ ...doc, key: { ...doc.key, ciphertext: "zz" } }))).toThrow(/key\.ciphertext/);
  });

  it("refuses a backup with a clear private key added to it", async () => {
    const { privateKey, text } = await backupText();
    const doc = JSON.parse(text) as { key: Record<string, unknown> };
    expect(() => parseKeyBackup(JSON.stringify({ ...doc, key: { ...doc.key, privateKey } }))).toThrow(KeyBackupError);
  });

  it("refuses an oversized file without parsing it", () => {
    expect(() => parseKeyBackup(" ".repeat(20_000))).toThrow(/too large/);
  });

  it("names the file after the fingerprint", () => {
    expect(keyBackupFileName("3f2a-9c01")).toBe("key-backup-3f2a-9c01.json");
  });
});
