// A private key sealed under a passphrase, as the browser keeps it in IndexedDB and writes it into a
// backup file. Pure WebCrypto (globalThis.crypto.subtle), so the same code runs in the browser and in
// Node's unit tests. The clear key exists only in memory, between unlock and lock.
//
// PBKDF2-HMAC-SHA256 derives an AES-256-GCM key from the passphrase and a random 16-byte salt; the
// private key's 32 bytes are encrypted with a random 12-byte IV and the finId as additional data, so
// a sealed key cannot be relabelled as another key's. GCM's tag makes a wrong passphrase fail to
// decrypt instead of yielding garbage.
import { z } from "zod";

import { bytesToHex, hexToBytes } from "@/lib/domain/hex";
import { finIdSchema } from "@/lib/schemas/common";

// The curve (@noble/curves) loads when a key is sealed or unsealed, not with every page that lists keys.
const curve = () => import("@/lib/domain/secp256k1");

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256: about half a second in a browser on a laptop. */
export const PBKDF2_ITERATIONS = 600_000;
/** Sealed keys with fewer iterations than this are refused when read (a tampered or weakened file). */
export const PBKDF2_MIN_ITERATIONS = 100_000;
/** Keeps an unlock from hanging the tab on a crafted file. */
export const PBKDF2_MAX_ITERATIONS = 10_000_000;
export const SALT_BYTES = 16;
export const IV_BYTES = 12;
/** 32 key bytes plus the 16-byte GCM tag. */
const CIPHERTEXT_BYTES = 48;

export const PASSPHRASE_MIN_LENGTH = 12;
export const PASSPHRASE_MAX_LENGTH = 1_024;

export const passphraseSchema = z
  .string()
  .min(PASSPHRASE_MIN_LENGTH, { error: `must be at least ${PASSPHRASE_MIN_LENGTH} characters` })
  .max(PASSPHRASE_MAX_LENGTH, { error: `must be at most ${PASSPHRASE_MAX_LENGTH} characters` });

const hexOf = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`), { error: `must be ${bytes} bytes of lower-case hex` });

export const sealedKeySchema = z.strictObject({
  finId: finIdSchema,
  kdf: z.strictObject({
    name: z.literal("PBKDF2"),
    hash: z.literal("SHA-256"),
    iterations: z.number().int().min(PBKDF2_MIN_ITERATIONS).max(PBKDF2_MAX_ITERATIONS),
    salt: hexOf(SALT_BYTES),
  }),
  cipher: z.strictObject({ name: z.literal("AES-GCM"), iv: hexOf(IV_BYTES) }),
  ciphertext: hexOf(CIPHERTEXT_BYTES),
  /** Epoch seconds when the key was generated. */
  createdAt: z.number().int().nonnegative(),
});

export type SealedKey = z.infer<typeof sealedKeySchema>;

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
