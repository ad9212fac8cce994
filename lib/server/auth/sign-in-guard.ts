// Slows down password guessing without ever locking the owner out (rules: lib/domain/sign-in-limits.ts).
// Failed sign-ins count per client and per account; once either is past its budget, an attempt is
// tried only with a proof of work on a challenge issued for its email: a guesser pays for every
// guess, the owner's browser pays once and signs in. A challenge is an HMAC under AUTH_SECRET of the
// email, the time and the difficulty (so it cannot be forged or moved to another email), is good for
// two minutes and is taken once.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { meetsProofOfWork } from "@/lib/domain/proof-of-work";
import { clientKey, issuedProofBits, rememberedFailures, requiredProofBits } from "@/lib/domain/sign-in-limits";
import { env } from "@/lib/env";
import type { SignInChallenge } from "@/lib/schemas/sign-in";
import { failureBudget, failureStore } from "@/lib/server/http/rate-limit";
import { logger } from "@/lib/server/log";

export const SIGN_IN_CHALLENGE_TTL_MS = 2 * 60_000;

export type SignInAttempt = { email: string; client: string; challenge?: string; proof?: string };

const keysOf = (email: string, client: string) => [`sign-in:client:${clientKey(client)}`, `sign-in:account:${email}`] as const;

function mac(email: string, body: string): string {
  return createHmac("sha256", env.AUTH_SECRET).update(`sign-in-challenge\n${email}\n${body}`).digest().subarray(0, 16).toString("base64url");
}

async function requiredBits(email: string, client: string, nowMs: number): Promise<number> {
  const budget = failureBudget();
  const [clientRecord, accountRecord] = await failureStore().read(keysOf(email, client), nowMs);
  return requiredProofBits(rememberedFailures(clientRecord, budget.memoryMs, nowMs), rememberedFailures(accountRecord, budget.memoryMs, nowMs), budget);
}

/** What the sign-in page asks before sending a password: how much work, if any, the attempt needs. */
export async function issueSignInChallenge(email: string, client: string, nowMs = Date.now()): Promise<SignInChallenge> {
  const bits = issuedProofBits(await requiredBits(email, client, nowMs));
  if (bits === 0) return { bits: 0, challenge: null, expiresAt: null };
  const body = `${nowMs}.${bits}.${randomBytes(12).toString("base64url")}`;
  return { bits, challenge: `${body}.${mac(email, body)}`, expiresAt: Math.floor((nowMs + SIGN_IN_CHALLENGE_TTL_MS) / 1000) };
}

/** The time and difficulty of a challenge issued for `email`, or null for anything else. */
function readChallenge(challenge: string, email: string): { issuedAtMs: number; bits: number } | null {
  const match = /^(\d{1,15})\.(\d{1,2})\.([\w-]{16})\.([\w-]{22})$/.exec(challenge);
  if (!match) return null;
  const [, issuedAt = "", bits = "", , given = ""] = match;
  const expected = Buffer.from(mac(email, challenge.slice(0, challenge.lastIndexOf("."))));
  if (!timingSafeEqual(Buffer.from(given), expected)) return null;
  return { issuedAtMs: Number(issuedAt), bits: Number(bits) };
}

/** True when the attempt may be tried now: no proof is needed, or it carries a fresh, right, unused one. */
export async function admitSignInAttempt(attempt: SignInAttempt, nowMs = Date.now()): Promise<boolean> {
  const required = await requiredBits(attempt.email, attempt.client, nowMs);
  if (required === 0) return true;
  const { challenge, proof } = attempt;
  const issued = challenge ? readChallenge(challenge, attempt.email) : null;
  if (!challenge || !issued || !proof) return false;
  const fresh = issued.issuedAtMs <= nowMs && nowMs - issued.issuedAtMs < SIGN_IN_CHALLENGE_TTL_MS;
  if (!fresh || issued.bits < required || !meetsProofOfWork(challenge, proof, issued.bits)) return false;
  return failureStore().claimOnce(`sign-in:proof:${challenge}`, issued.issuedAtMs + SIGN_IN_CHALLENGE_TTL_MS, nowMs);
}

/** Counts a wrong password (or unknown email) against the client and the account. */
export async function recordSignInFailure(email: string, client: string, nowMs = Date.now()): Promise<void> {
  const budget = failureBudget();
  const keys = keysOf(email, client);
  const before = await failureStore().read(keys, nowMs);
  await failureStore().recordFailure(keys, nowMs);
  const [clientFailures, accountFailures] = before.map((record) => rememberedFailures(record, budget.memoryMs, nowMs) + 1);
  if (clientFailures === budget.clientFreeFailures) logger.warn({ client }, "sign-in: a client used up its free failures; its attempts now need a proof of work");
  if (accountFailures === budget.accountFreeFailures) logger.warn({ email }, "sign-in: an account had too many failed sign-ins; attempts at it now need a proof of work");
}
