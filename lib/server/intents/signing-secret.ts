// A signature policy's secret (decisions.md §6) authenticates the router's calls to the intent
// creator's endpoint, so the router must read it back: it is sealed under AUTH_SECRET, never shown.
import { env } from "@/lib/env";
import { openSecret, sealSecret } from "@/lib/server/crypto/secret-box";

export const INTENT_SIGNING_SECRET_PURPOSE = "intent-signing-secret";

export function sealSigningSecret(secret: string): string {
  return sealSecret(secret, env.AUTH_SECRET, INTENT_SIGNING_SECRET_PURPOSE);
}

export function openSigningSecret(sealed: string): string {
  return openSecret(sealed, env.AUTH_SECRET, INTENT_SIGNING_SECRET_PURPOSE);
}
