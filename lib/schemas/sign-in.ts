// Signing in (next-auth's credentials form) and the proof-of-work challenge the sign-in page asks
// for first (lib/server/auth/sign-in-guard.ts).

import { z } from "zod";

import { PASSWORD_MAX_LENGTH } from "@/lib/domain/patterns";
import { PROOF_BITS } from "@/lib/domain/sign-in-limits";

import { emailSchema, strictObject } from "@/lib/schemas/common";

const signInEmailSchema = emailSchema.transform((email) => email.toLowerCase());
/** An empty form field counts as absent. */
const optionalField = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((value) => value || undefined);

// The form fields next-auth hands to authorize(); it adds csrfToken and callbackUrl, which pass through.
export const signInCredentialsSchema = z.object({
  email: signInEmailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  /** The challenge of POST /api/auth/sign-in-challenge, when it asked for a proof. */
  challenge: optionalField(200),
  /** The nonce that solves it. */
  proof: optionalField(16),
});

// POST /api/auth/sign-in-challenge – how much work a sign-in attempt for this email needs first.
export const signInChallengeRequestSchema = strictObject({ email: signInEmailSchema });

export const signInChallengeSchema = z.object({
  /** Leading zero bits sha256("<challenge>:<nonce>") must have; 0: no proof needed. */
  bits: z.number().int().min(0).max(PROOF_BITS.max),
  challenge: z.string().nullable(),
  /** Epoch seconds after which the challenge is no longer taken. */
  expiresAt: z.number().int().nullable(),
});
export type SignInChallenge = z.infer<typeof signInChallengeSchema>;
