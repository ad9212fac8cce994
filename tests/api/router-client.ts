// An investor's view of the router for the API tests: profiles made with real keys, signed deposit
// and withdrawal bodies, and polling an operation until it completes. Every call goes over HTTP.
import { expect } from "vitest";
import { generateNonce } from "@/lib/domain/nonce";
import { signHash } from "@/lib/domain/secp256k1";
import { buildDepositTemplate, buildPayoutTemplate, profileProofHash } from "@/lib/domain/signature-template";
import { callAt } from "./helpers";
import type { Key } from "./escrow-client";

export type Server = { baseUrl: string };
export type RouterEnvelope = {
  cid?: string;
  isCompleted: boolean;
  type?: string;
  response?: Record<string, unknown>;
  error?: { Code: number; Message: string };
  operation?: RouterEnvelope;
};

export const escrowAccount = (finId: string, code = "USD", orgId = "escrow") => ({
  account: { type: "finId", finId, orgId },
  asset: { type: "fiat", code },
});

export async function createProfileAt(server: Server, key: Key, token: string): Promise<string> {
  const response = await callAt(server.baseUrl, "POST", "/api/router/finapi/profiles/owner", {
    token,
    body: { publicKey: key.finId, signature: signHash(profileProofHash(key.finId), key.privateKey) },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { response: { id: string } }).response.id;
}

export function depositRequest(profileId: string, key: Key, amount: string, options: { orgId?: string } = {}) {
  return { profileId, account: escrowAccount(key.finId, "USD", options.orgId), amount };
}

/** A deposit signed over the deposit template (by `signer`, the profile's key unless given). */
export function signedDepositRequest(profileId: string, key: Key, amount: string, options: { nonce?: string; signer?: Key } = {}) {
  const nonce = options.nonce ?? generateNonce();
  const template = buildDepositTemplate({ nonce, assetType: "fiat", assetId: "USD", dstAccountType: "finId", dstAccount: key.finId, amount });
  return { ...depositRequest(profileId, key, amount), nonce, signature: signHash(template.hash, (options.signer ?? key).privateKey) };
}

/** A withdrawal to `iban` (a real one unless told), signed over the payout template unless `signed: false`. */
export function withdrawRequest(profileId: string, key: Key, amount: string, options: { signed?: boolean; signer?: Key; iban?: string } = {}) {
  const base = {
    profileId,
    account: escrowAccount(key.finId),
    amount,
    withdrawInstruction: { account: { account: { type: "iban", code: options.iban ?? "DE89370400440532013000" }, asset: { type: "fiat", code: "USD" } }, description: "to my bank" },
  };
  if (options.signed === false) return base;
  const nonce = generateNonce();
  const template = buildPayoutTemplate({ nonce, assetType: "fiat", assetId: "USD", srcAccountType: "finId", srcAccount: key.finId, amount });
  return { ...base, nonce, signature: signHash(template.hash, (options.signer ?? key).privateKey) };
}

export async function postAt(server: Server, path: string, token: string | null, body: unknown, headers: Record<string, string> = {}) {
  const response = await callAt(server.baseUrl, "POST", path, { token, body, headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: (text ? JSON.parse(text) : null) as RouterEnvelope & Record<string, unknown> };
}

/** The cid of an answer, bare or in the receipt wrapper. */
export function cidOf(envelope: RouterEnvelope): string {
  const cid = envelope.cid ?? envelope.operation?.cid;
  if (!cid) throw new Error(`no cid in ${JSON.stringify(envelope)}`);
  return cid;
}

export function isDone(envelope: RouterEnvelope): boolean {
  return (envelope.operation ?? envelope).isCompleted;
}

/** Polls GET /api/router/finapi/operations/status/{cid} until completed; answers the envelope as sent. */
export async function completedAt(server: Server, token: string, first: RouterEnvelope, timeoutMs = 20_000): Promise<RouterEnvelope> {
  if (isDone(first)) return first;
  const cid = cidOf(first);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await callAt(server.baseUrl, "GET", `/api/router/finapi/operations/status/${cid}`, { token });
    expect(response.status).toBe(200);
    const envelope = (await response.json()) as RouterEnvelope;
    if (isDone(envelope)) return envelope;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`router operation ${cid} did not complete within ${timeoutMs} ms`);
}

export function referenceOf(envelope: RouterEnvelope): string {
  const wrapper = envelope.response?.depositInstruction as { depositInstruction: { description: string } } | undefined;
  const reference = /Reference number: (ESC-[0-9A-Z]+)/.exec(wrapper?.depositInstruction.description ?? "")?.[1];
  if (!reference) throw new Error(`no reference in ${JSON.stringify(envelope)}`);
  return reference;
}
