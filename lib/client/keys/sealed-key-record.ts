// A private key sealed under a passphrase, as the browser keeps it in IndexedDB and writes it into a
// backup file (sealing and unsealing: sealed-key.ts). Read by every page that lists keys, so it holds
// the record's format only.
import { z } from "zod";

import { finIdSchema } from "@/lib/schemas/common";

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
