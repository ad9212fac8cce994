// How the router calls a payment organization's adapter (decisions.md §1, §6): at the adapter URL
// registered for that organization (over HTTP, or in-process for the built-in escrow on this node:
// fetch-organization.ts), with the bearer token registered for it, a timeout on every call, and the
// router's operation id as Idempotency-Key so a retry is a repeat.
import { env } from "@/lib/env";
import { openSecret } from "@/lib/server/crypto/secret-box";
import { organizationRecord } from "@/lib/server/organizations/organization-cache";
import { callOrganization, type OrganizationAnswer } from "@/lib/server/http/fetch-organization";

export const ADAPTER_TOKEN_PURPOSE = "organization-adapter-token";

/** The adapter's answer (fetch-organization.ts): its status, its body as a value, its text for messages. */
export type AdapterAnswer = OrganizationAnswer;

/** Thrown when the adapter could not be reached or did not answer in time (worth retrying). */
export class AdapterUnreachable extends Error {
  override name = "AdapterUnreachable";
}

export type PaymentOrganization = { id: string; name: string; adapterUrl: string; adapterTokenSealed: string | null };

/** The payment organization `orgId`, when it is an escrow organization with an adapter URL. */
export async function findPaymentOrganization(orgId: string): Promise<PaymentOrganization | null> {
  const org = await organizationRecord(orgId);
  if (!org || org.kind !== "escrow" || !org.adapterUrl) return null;
  return { id: org.id, name: org.name, adapterUrl: org.adapterUrl, adapterTokenSealed: org.adapterTokenSealed };
}

/**
 * POSTs `body` to `{adapterUrl}{path}` (with `idempotencyKey` when it changes something); network
 * failures and timeouts throw AdapterUnreachable, any HTTP answer is returned.
 */
export async function callAdapter(
  org: PaymentOrganization,
  path: string,
  body: unknown,
  idempotencyKey: string | null,
  timeoutMs: number = env.ROUTER_ADAPTER_TIMEOUT_MS,
): Promise<AdapterAnswer> {
  // Small JSON between organizations: compressing it costs both sides more CPU than it saves.
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json", "accept-encoding": "identity" };
  if (idempotencyKey !== null) headers["idempotency-key"] = idempotencyKey;
  if (org.adapterTokenSealed) headers.authorization = `Bearer ${openSecret(org.adapterTokenSealed, env.AUTH_SECRET, ADAPTER_TOKEN_PURPOSE)}`;
  try {
    return await callOrganization(`${org.adapterUrl}${path}`, { method: "POST", headers, body, timeoutMs });
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new AdapterUnreachable(`${org.id}'s adapter at ${org.adapterUrl}${path} did not answer: ${reason}`);
  }
}
