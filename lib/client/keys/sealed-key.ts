// Sealing a private key under a passphrase, and unsealing it (the record: sealed-key-record.ts); the
// browser loads this when a key is created or unlocked. Pure WebCrypto (globalThis.crypto.subtle), so
// the same code runs in the browser and in Node's unit tests. The clear key exists only in memory,
// between unlock and lock.
//
// PBKDF2-HMAC-SHA256 derives an AES-256-GCM key from the passphrase and a random 16-byte salt; the
// private key's 32 bytes are encrypted with a random 12-byte IV and the finId as additional data, so
// a sealed key cannot be relabelled as another key's. GCM's tag makes a wrong passphrase fail to
// decrypt instead of yielding garbage.
import { z } from "zod";

import { IV_BYTES, PBKDF2_ITERATIONS, SALT_BYTES, sealedKeySchema, type SealedKey } from "@/lib/client/keys/sealed-key-record";
import { bytesToHex, hexToBytes } from "@/lib/domain/hex";

// The curve (@noble/curves) loads when a key is sealed or unsealed, not with every page that lists keys.
const curve = () => import("@/lib/domain/secp256k1");

export const PASSPHRASE_MIN_LENGTH = 12;
export const PASSPHRASE_MAX_LENGTH = 1_024;

export const passphraseSchema = z
  .string()
  .min(PASSPHRASE_MIN_LENGTH, { error: `must be at least ${PASSPHRASE_MIN_LENGTH} characters` })
  .max(PASSPHRASE_MAX_LENGTH, { error: `must be at most ${PASSPHRASE_MAX_LENGTH} characters` });

export class WrongPassphraseError extends Error {
  override name = "WrongPassphraseError";
  constructor() {
    super("The passphrase does not unlock this key.");
  }
}

const subtle = () => globalThis.crypto.subtle;
const encoder = new TextEncoder();

/** WebCrypto wants ArrayBuffer-backed views; copying also detaches us from the caller's buffer. */
function buffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(new ArrayBuffer(bytes.length));
  copy.set(bytes);
  return copy;
}

async function deriveKey(passphrase: string, salt: Uint8Array, iterations: number): Promise<CryptoKey> {
  const material = await subtle().importKey("raw", encoder.encode(passphrase), "PBKDF2", false, ["deriveKey"]);
  return subtle().deriveKey(
    { name: "PBKDF2", hash: "SHA-256", salt: buffer(salt), iterations },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

export type SealOptions = { iterations?: number; nowSeconds?: number };

/** Seals a private key (64 hex) under a passphrase with a fresh salt and IV. */
export async function sealPrivateKey(privateKeyHex: string, passphrase: string, options: SealOptions = {}): Promise<SealedKey> {
  passphraseSchema.parse(passphrase);
  const finId = (await curve()).getFinId(privateKeyHex);
  const iterations = options.iterations ?? PBKDF2_ITERATIONS;
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const key = await deriveKey(passphrase, salt, iterations);
  const ciphertext = await subtle().encrypt(
    { name: "AES-GCM", iv: buffer(iv), additionalData: buffer(hexToBytes(finId)) },
    key,
    buffer(hexToBytes(privateKeyHex)),
  );
  return sealedKeySchema.parse({
    finId,
    kdf: { name: "PBKDF2", hash: "SHA-256", iterations, salt: bytesToHex(salt) },
    cipher: { name: "AES-GCM", iv: bytesToHex(iv) },
    ciphertext: bytesToHex(new Uint8Array(ciphertext)),
    createdAt: options.nowSeconds ?? Math.floor(Date.now() / 1000),
  });
}

/**
 * The private key (64 hex) of a sealed key. A wrong passphrase, or a record whose bytes were changed,
 * is a WrongPassphraseError (GCM cannot tell the two apart, and neither may we).
 */
export async function unsealPrivateKey(sealed: SealedKey, passphrase: string): Promise<string> {
  const record = sealedKeySchema.parse(sealed);
  const key = await deriveKey(passphrase, hexToBytes(record.kdf.salt), record.kdf.iterations);
  let clear: ArrayBuffer;
  try {
    clear = await subtle().decrypt(
      { name: "AES-GCM", iv: buffer(hexToBytes(record.cipher.iv)), additionalData: buffer(hexToBytes(record.finId)) },
      key,
      buffer(hexToBytes(record.ciphertext)),
    );
  } catch {
    throw new WrongPassphraseError();
  }
  const privateKeyHex = bytesToHex(new Uint8Array(clear));
  // The additional data already binds the finId; this also catches a key that is not on the curve.
  if ((await curve()).getFinId(privateKeyHex) !== record.finId) throw new WrongPassphraseError();
  return privateKeyHex;
}
