// Fixtures the authorization and malformed-input tests share: an investor with a real profile, a
// certificate and a document; a market (an issuer's asset and primary sales, a plan the investor
// executed, and a signing request waiting in the investor's portal inbox); one read of every watched
// table's row count, a wait until the server's background work is idle, the problem-document check
// of a refusal, and where the shared server writes its log.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { expect, inject } from "vitest";
import { signHash } from "@/lib/domain/secp256k1";
import { profileProofHash } from "@/lib/domain/signature-template";
import type { ProblemDocument } from "@/lib/schemas/problem";
import type { SignatureTemplate } from "@/lib/domain/signature-template";
import { checkContract } from "./contract";
import { adminToken, baseUrl, call, createUser, problemOf, queryRows } from "./helpers";
import { EscrowClient, inSeconds, newKey, type Key } from "./escrow-client";
import { executionBody, finishedPlan, fund, sellingIntent, type Server } from "./trade-client";
import { isSqliteUrl, sqliteFileOf } from "@/lib/database-url";

/** Every table a refused router, account-proof, adapter or admin request could write to. */
export const WATCHED_TABLES = [
  "Profile",
  "Certificate",
  "Document",
  "ProfileShare",
  "RouterOperation",
  "UsedNonce",
  "AccountWorkflow",
  "Holding",
  "LedgerTransaction",
  "DepositCredit",
  "AuditLog",
  "EscrowOperation",
  "EscrowDepositInstruction",
  "User",
  "Organization",
  "Asset",
  "Intent",
  "Plan",
  "Receipt",
  "TokenBalance",
  "SigningRequest",
  "InboxSigningRequest",
  "EventOutbox",
] as const;

export type RowCounts = Record<string, number>;

let countClient: Promise<pg.Client> | null = null;

/** The row count of each table, read in one query so it can run around every request. */
export async function rowCounts(tables: readonly string[] = WATCHED_TABLES): Promise<RowCounts> {
  const sql = `SELECT ${tables.map((t) => `(SELECT COUNT(*) FROM "${t}") AS "${t}"`).join(", ")}`;
  const url = inject("databaseUrl");
  // SQLite opens in a moment; PostgreSQL keeps one connection (closeRowCounts) rather than one per read.
  let row: Record<string, number | string> | undefined;
  if (isSqliteUrl(url)) {
    [row] = await queryRows<Record<string, number | string>>(sql);
  } else {
    countClient ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    })();
    [row] = (await (await countClient).query<Record<string, string>>(sql)).rows;
  }
  return Object.fromEntries(tables.map((t) => [t, Number(row?.[t] ?? Number.NaN)]));
}

/** Ends rowCounts' PostgreSQL connection (afterAll of a file that used it). */
export async function closeRowCounts(): Promise<void> {
  const client = countClient;
  countClient = null;
  if (client) await (await client).end();
}

/** The tables whose count differs, as `Table: before → after`; empty when nothing was written. */
export function countChanges(before: RowCounts, after: RowCounts): string[] {
  return Object.keys(before)
    .filter((t) => before[t] !== after[t])
    .map((t) => `${t}: ${before[t]} → ${after[t]}`);
}

/** Asserts a refusal: the status, an application/problem+json body whose `status` matches, and a `code`. */
export async function expectProblem(response: Response, status: number, label = ""): Promise<ProblemDocument> {
  expect(response.status, `${label}: status`).toBe(status);
  const problem = await problemOf(response);
  expect(problem.status, `${label}: problem.status`).toBe(status);
  expect(problem.code, `${label}: problem.code`).toMatch(/^[A-Z_]+$/);
  return problem;
}

// A real 1×1 PNG.
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A KYC/AML certificate body that lib/schemas/certificate.ts accepts. */
export function kycCertificate() {
  return {
    type: "KYC/AML",
    issuanceDate: inSeconds(-86_400),
    expirationDate: inSeconds(365 * 86_400),
    data: JSON.stringify({ name: "Alice Example", country: "DE", info: [{ type: "text", name: "provider", value: "KYC Co" }] }),
  };
}

/** A multipart body with one PNG file part, as the upload route takes it. */
export function pngForm(name = "scan.png"): FormData {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(PNG)], { type: "image/png" }), name);
  return form;
}

export const certificatesPath = (profileId: string) => `/api/router/finapi/profiles/${profileId}/certificates`;

/** POSTs a multipart form; fetch sets the boundary in the content type itself. */
export async function postForm(urlPath: string, form: FormData, token: string | null): Promise<Response> {
  const response = await fetch(`${baseUrl()}${urlPath}`, { method: "POST", headers: token ? { authorization: `Bearer ${token}` } : {}, body: form });
  await checkContract("POST", `${baseUrl()}${urlPath}`, response.clone());
  return response;
}

export type Investor = { id: string; token: string; key: Key; profileId: string };

/** A new investor (or issuer) user with one profile of a fresh key. */
export async function newInvestor(role: "investor" | "issuer" = "investor"): Promise<Investor> {
  const user = await createUser(role);
  const key = newKey();
  const response = await call("POST", "/api/router/finapi/profiles/owner", {
    token: user.token,
    body: { publicKey: key.finId, signature: signHash(profileProofHash(key.finId), key.privateKey) },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const profileId = ((await response.json()) as { response: { id: string } }).response.id;
  return { ...user, key, profileId };
}

/** Attaches a KYC/AML certificate to the investor's profile and answers its id. */
export async function attachCertificate(investor: Investor): Promise<string> {
  const response = await call("POST", certificatesPath(investor.profileId), { token: investor.token, body: kycCertificate() });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** Uploads a PNG to the certificate and answers the document's id. */
export async function uploadDocument(investor: Investor, certificateId: string): Promise<string> {
  const response = await postForm(`${certificatesPath(investor.profileId)}/${certificateId}`, pngForm(), investor.token);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** The shared server's log: its SQLite file lives in its data directory, next to server.log (null on PostgreSQL). */
export function serverLogFile(): string | null {
  const file = sqliteFileOf(inject("databaseUrl"));
  return file === null ? null : path.join(path.dirname(file), "server.log");
}

export function serverLogSize(): number {
  const file = serverLogFile();
  return file && existsSync(file) ? statSync(file).size : 0;
}

/**
 * The server's log lines about one request (its x-request-id) since `offset`, a serverLogSize() taken
 * before it; the log reaches the file a moment after the answer, so this waits up to `timeoutMs`.
 */
export async function serverLogFor(requestId: string | null, offset: number, timeoutMs = 2_000): Promise<string> {
  const file = serverLogFile();
  if (!file) return "(no server log on PostgreSQL runs: see the test server's data directory)";
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = existsSync(file) ? readFileSync(file).subarray(offset).toString("utf8") : "";
    const lines = requestId ? text.split("\n").filter((line) => line.includes(requestId)) : [];
    if (lines.length > 0) return lines.join("\n").slice(-4_000);
    if (Date.now() > deadline) return text.slice(-4_000) || "(nothing logged)";
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// ---------------------------------------------------------------------------------------------
// Assets, intents and trades.

/** The shared server, as the trade client takes it. */
export function sharedServer(): Server {
  return { baseUrl: baseUrl(), adminToken: adminToken(), databaseUrl: inject("databaseUrl") };
}

const usdAsset = { type: "fiat", code: "USD" } as const;
const finIdAccount = (finId: string, orgId: string) => ({ type: "finId", finId, orgId });

/** A create-asset body for the issuer's profile. */
export function assetBody(issuer: Investor) {
  return { name: `Authz Bond ${Date.now()}`, issuerId: issuer.profileId, denomination: usdAsset, decimals: 0, rules: {} };
}

/** A create-intent body of a primary sale by the asset's issuer, open for the next hour. */
export function primarySaleBody(issuer: Investor, assetId: string, amount = "10", unitValue = "1") {
  const tokens = { type: "p2p", resourceId: assetId };
  return {
    assetTerm: { asset: tokens, amount },
    assetInstruction: { account: { account: finIdAccount(issuer.key.finId, "node"), asset: tokens } },
    settlementTerm: { asset: usdAsset, unitValue },
    intent: {
      type: "primarySale",
      issuerId: issuer.profileId,
      sellingSettlementInstruction: { type: "escrow", whiteListedEscrows: ["escrow"], accounts: [{ asset: usdAsset, identifier: finIdAccount(issuer.key.finId, "escrow") }] },
    },
    start: inSeconds(-60),
    end: inSeconds(3600),
  };
}

/** A create-intent body of a selling intent by `seller` (who must hold the tokens), signed through its portal inbox. */
export function sellingIntentBody(seller: Investor, assetId: string, amount = "1", unitValue = "1") {
  const tokens = { type: "p2p", resourceId: assetId };
  return {
    assetTerm: { asset: tokens, amount },
    assetInstruction: { account: { account: finIdAccount(seller.key.finId, "node"), asset: tokens } },
    settlementTerm: { asset: usdAsset, unitValue },
    intent: {
      type: "sellingIntent",
      seller: seller.profileId,
      settlementInstruction: { type: "escrow", destinationAccounts: { account: finIdAccount(seller.key.finId, "escrow"), asset: usdAsset } },
      signaturePolicy: { type: "manualPolicy", endpoint: callbackUrl(seller.profileId) },
    },
    start: inSeconds(-60),
    end: inSeconds(3600),
  };
}

export const callbackUrl = (profileId: string) => `${baseUrl()}/api/signing/callback/${profileId}`;
export const intentPath = (assetId: string, intentId?: string) => `/api/router/finapi/profiles/asset/${assetId}/intent${intentId ? `/${intentId}` : ""}`;

async function postId(urlPath: string, token: string, body: unknown): Promise<string> {
  const response = await call("POST", urlPath, { token, body });
  const text = await response.text();
  expect(response.status, `${urlPath}: ${text}`).toBe(200);
  return String((JSON.parse(text) as { id: string }).id);
}

async function executedPlan(token: string, body: unknown): Promise<string> {
  const response = await call("POST", "/api/router/finapi/tokens/execute", { token, body });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return (JSON.parse(text) as { response: { executionPlanId: string } }).response.executionPlanId;
}

/** What the router POSTs to a signature policy's endpoint, as the portal's inbox stored it. */
export type SigningRequestBody = { requestId: string; intentId: string; signer: string; hashFunction: "sha3-256"; signatureTemplate: SignatureTemplate };

export type Market = {
  /** An issuer user with a profile: the asset's issuer and the creator of its primary sales. */
  issuer: Investor;
  assetId: string;
  /** The issuer's primary sale of 1,000,000 at 1 USD, for executions. */
  saleIntentId: string;
  /** Another primary sale of the issuer's, for disable and enable (executions never depend on it). */
  toggleIntentId: string;
  /** The buyer's purchase of 10 from the primary sale: completed. */
  planId: string;
  /** The buyer's selling intent of 5 at 1 USD, whose policy endpoint is the buyer's portal inbox. */
  sellingIntentId: string;
  /** Another investor who bought 1 from the selling intent; its plan waits for the buyer's signature. */
  counterparty: Investor;
  pendingPlanId: string;
  /** The signing request in the buyer's inbox (acknowledged: "awaiting" signature-result). */
  signing: SigningRequestBody;
};

/**
 * A market around `buyer` on the shared server: an issuer with an asset and two primary sales;
 * `buyer` funded with `cash` USD at the built-in escrow and owning 10 tokens from a completed plan;
 * its selling intent, executed by a counterparty, whose signing request waits in `buyer`'s inbox.
 * Ends when the server's background work is idle (see settled).
 */
export async function newMarket(buyer: Investor, cash = "1000"): Promise<Market> {
  const server = sharedServer();
  const [escrow, issuer, counterparty] = await Promise.all([EscrowClient.create(server), newInvestor("issuer"), newInvestor()]);
  const assetId = await postId("/api/router/finapi/profiles/asset", issuer.token, assetBody(issuer));
  const saleIntentId = await postId(intentPath(assetId), issuer.token, primarySaleBody(issuer, assetId, "1000000", "1"));
  const toggleIntentId = await postId(intentPath(assetId), issuer.token, primarySaleBody(issuer, assetId, "10", "1"));
  await fund(server, escrow, buyer, cash);
  await fund(server, escrow, counterparty, "10");

  const purchase = executionBody({ kind: "primarySale", intentId: saleIntentId, assetId, executor: buyer, buyer, seller: issuer, quantity: "10", settlementAmount: "10" });
  const planId = await executedPlan(buyer.token, purchase.body);
  const plan = await finishedPlan(server, buyer.token, planId);
  expect(plan.executionPlanStatus, plan.failureReason).toBe("completed");

  const sellingIntentId = await sellingIntent(server, buyer, assetId, "5", "1", { endpoint: callbackUrl(buyer.profileId) });
  const sale = executionBody({ kind: "sellingIntent", intentId: sellingIntentId, assetId, executor: counterparty, buyer: counterparty, seller: buyer, quantity: "1", settlementAmount: "1" });
  const pendingPlanId = await executedPlan(counterparty.token, sale.body);

  // The router delivers the request to the inbox, then marks it acknowledged ("awaiting").
  let signing: SigningRequestBody | undefined;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const inbox = (await (await call("GET", "/api/signing/inbox", { token: buyer.token })).json()) as { requests: (SigningRequestBody & { profileId: string })[] };
    const request = inbox.requests.find((r) => r.intentId === sellingIntentId);
    const [row] = request ? await queryRows<{ status: string }>(`SELECT "status" FROM "SigningRequest" WHERE "id" = $1`, [request.requestId]) : [];
    if (request && row?.status === "awaiting") {
      signing = { requestId: request.requestId, intentId: request.intentId, signer: request.signer, hashFunction: "sha3-256", signatureTemplate: request.signatureTemplate };
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!signing) throw new Error(`the signing request of plan ${pendingPlanId} did not reach ${buyer.profileId}'s inbox`);
  await settled();
  return { issuer, assetId, saleIntentId, toggleIntentId, planId, sellingIntentId, counterparty, pendingPlanId, signing };
}

/** What names the inbox request in a signature-result or a decline. */
export function signatureIds(market: Market) {
  return { requestId: market.signing.requestId, assetId: market.assetId, intentId: market.sellingIntentId };
}

/** A signature-result body: the signer's signature over the inbox request's template. */
export function signatureResultBody(market: Market, signer: Investor) {
  return { ...signatureIds(market), signature: signHash(market.signing.signatureTemplate.hash, signer.key.privateKey) };
}

/** An execute body: `buyer` buys `quantity` (at 1 USD) from the market's primary sale, with a fresh nonce. */
export function purchaseBody(market: Market, buyer: Investor, quantity = "1") {
  return executionBody({ kind: "primarySale", intentId: market.saleIntentId, assetId: market.assetId, executor: buyer, buyer, seller: market.issuer, quantity, settlementAmount: quantity }).body;
}

function epochMs(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number") return value;
  const text = String(value);
  return /^\d+$/.test(text) ? Number(text) : Date.parse(text);
}

/**
 * Waits until the server's background work is idle, so row counts taken around a request see only
 * what that request wrote: no plan running or due within a second (a plan waiting for a
 * signature-result, or due much later, is idle), and no escrow report to the router about to be sent.
 */
export async function settled(timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const soon = Date.now() + 1_000;
    const plans = await queryRows<{ id: string; stage: string; dueAt: unknown; claimedUntil: unknown; signing: string | null }>(
      `SELECT p."id", p."stage", p."dueAt", p."claimedUntil", s."status" AS "signing" FROM "Plan" p LEFT JOIN "SigningRequest" s ON s."planId" = p."id" WHERE p."stage" <> $1`,
      ["done"],
    );
    const busyPlans = plans.filter((p) => {
      if ((epochMs(p.claimedUntil) ?? 0) > Date.now()) return true;
      if (p.stage === "sign" && p.signing === "awaiting") return false;
      const due = epochMs(p.dueAt);
      return due !== null && due <= soon;
    });
    const outbox = await queryRows<{ id: string; nextAttemptAt: unknown }>(`SELECT "id", "nextAttemptAt" FROM "EscrowOutbox" WHERE "status" = $1`, ["pending"]);
    const busyOutbox = outbox.filter((o) => (epochMs(o.nextAttemptAt) ?? 0) <= soon);
    if (busyPlans.length === 0 && busyOutbox.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`background work still busy after ${timeoutMs} ms: plans ${JSON.stringify(busyPlans)}, escrow reports ${JSON.stringify(busyOutbox)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
