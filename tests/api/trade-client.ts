// Trading over HTTP for the API tests: issuers, assets and intents made through the router, buyers
// funded through the real escrow (deposit instruction, then the operator records the money), and
// executions signed with real keys over the trade template rebuilt from their own terms.
import { createServer, type Server as HttpServer } from "node:http";
import { expect } from "vitest";
import { generateNonce } from "@/lib/domain/nonce";
import { signHash } from "@/lib/domain/secp256k1";
import { signingHmac } from "@/lib/domain/signing-hmac";
import { tradeTemplate, type Trade } from "@/lib/domain/trade/trade";
import { callAt, createUserAt } from "./helpers";
import { newKey, type EscrowClient, type Key } from "./escrow-client";
import { completedAt, createProfileAt, depositRequest, postAt, referenceOf } from "./router-client";
import { freePort } from "./test-server";

export type Server = { baseUrl: string; adminToken: string; databaseUrl: string };
export type Party = { token: string; key: Key; profileId: string };

const usd = { type: "fiat", code: "USD" } as const;
const now = () => Math.floor(Date.now() / 1000);
const finIdAccount = (finId: string, orgId: string) => ({ type: "finId", finId, orgId });

export async function newParty(server: Server, role: "investor" | "issuer" = "investor"): Promise<Party> {
  const user = await createUserAt(server, role);
  const key = newKey();
  return { token: user.token, key, profileId: await createProfileAt(server, key, user.token) };
}

async function postOk(server: Server, path: string, token: string, body: unknown): Promise<Record<string, unknown>> {
  const answer = await postAt(server, path, token, body);
  expect(answer.status, `${path}: ${answer.text}`).toBe(200);
  return answer.body as Record<string, unknown>;
}

export async function createAsset(server: Server, issuer: Party, rules: { kycAml?: boolean; accreditation?: boolean } = {}): Promise<string> {
  const body = { name: `Bond ${Date.now()}`, issuerId: issuer.profileId, denomination: usd, decimals: 0, rules };
  return String((await postOk(server, "/api/router/finapi/profiles/asset", issuer.token, body)).id);
}

export async function primarySale(server: Server, issuer: Party, assetId: string, amount: string, unitValue: string, window = { start: now() - 60, end: now() + 3600 }): Promise<string> {
  const body = {
    assetTerm: { asset: { type: "p2p", resourceId: assetId }, amount },
    assetInstruction: { account: { account: finIdAccount(issuer.key.finId, "node"), asset: { type: "p2p", resourceId: assetId } } },
    settlementTerm: { asset: usd, unitValue },
    intent: {
      type: "primarySale",
      issuerId: issuer.profileId,
      sellingSettlementInstruction: { type: "escrow", whiteListedEscrows: ["escrow"], accounts: [{ asset: usd, identifier: finIdAccount(issuer.key.finId, "escrow") }] },
    },
    ...window,
  };
  return String((await postOk(server, `/api/router/finapi/profiles/asset/${assetId}/intent`, issuer.token, body)).id);
}

/** A create-intent body of a selling intent by `seller`, signed through `policy`. */
export function sellingIntentRequest(seller: Party, assetId: string, amount: string, unitValue: string, policy: { endpoint: string; secret?: string }) {
  return {
    assetTerm: { asset: { type: "p2p", resourceId: assetId }, amount },
    assetInstruction: { account: { account: finIdAccount(seller.key.finId, "node"), asset: { type: "p2p", resourceId: assetId } } },
    settlementTerm: { asset: usd, unitValue },
    intent: {
      type: "sellingIntent",
      seller: seller.profileId,
      settlementInstruction: { type: "escrow", destinationAccounts: { account: finIdAccount(seller.key.finId, "escrow"), asset: usd } },
      signaturePolicy: { type: "manualPolicy", ...policy },
    },
    start: now() - 60,
    end: now() + 3600,
  };
}

export async function sellingIntent(server: Server, seller: Party, assetId: string, amount: string, unitValue: string, policy: { endpoint: string; secret?: string }): Promise<string> {
  return String((await postOk(server, `/api/router/finapi/profiles/asset/${assetId}/intent`, seller.token, sellingIntentRequest(seller, assetId, amount, unitValue, policy))).id);
}

/**
 * `seller` buys `stock` tokens of `assetId` in the primary sale `saleId` (at 1 USD each, so it needs
 * that much money) and offers them in a selling intent it signs through `signer`, which takes
 * `delayMs` to answer each signing request from then on (a slow signer keeps a trade's run at its
 * signature). Returns the selling intent's id.
 */
export async function offeredThroughSigner(
  server: Server,
  trade: { issuer: Party; seller: Party; assetId: string; saleId: string; stock: string },
  signer: SignerStandIn,
  delayMs: number,
): Promise<string> {
  const { issuer, seller, assetId, saleId, stock } = trade;
  const bought = executionBody({ kind: "primarySale", intentId: saleId, assetId, executor: seller, buyer: seller, seller: issuer, quantity: stock, settlementAmount: stock });
  const answer = await postOk(server, "/api/router/finapi/tokens/execute", seller.token, bought.body);
  const planId = String((answer.response as { executionPlanId: string }).executionPlanId);
  const plan = await finishedPlan(server, seller.token, planId);
  if (plan.executionPlanStatus !== "completed") throw new Error(`the seller's purchase of its stock ended ${plan.executionPlanStatus}`);
  signer.keys.set(seller.key.finId, seller.key);
  signer.delayMs = delayMs;
  return sellingIntent(server, seller, assetId, stock, "1", { endpoint: signer.url });
}

/** A create-intent body of a buying intent by `buyer` (its money held for an hour), signed through `policy`. */
export function buyingIntentRequest(buyer: Party, assetId: string, amount: string, unitValue: string, policy: { endpoint: string; secret?: string }) {
  return {
    assetTerm: { asset: { type: "p2p", resourceId: assetId }, amount },
    assetInstruction: { account: { account: finIdAccount(buyer.key.finId, "node"), asset: { type: "p2p", resourceId: assetId } } },
    settlementTerm: { asset: usd, unitValue },
    intent: {
      type: "buyingIntent",
      buyer: buyer.profileId,
      settlementInstruction: { type: "escrow", destinationAccounts: { account: finIdAccount(buyer.key.finId, "node"), asset: { type: "p2p", resourceId: assetId } }, expiry: now() + 3600 },
      signaturePolicy: { type: "manualPolicy", ...policy },
    },
    start: now() - 60,
    end: now() + 3600,
  };
}

export async function buyingIntent(server: Server, buyer: Party, assetId: string, amount: string, unitValue: string, policy: { endpoint: string; secret?: string }): Promise<string> {
  return String((await postOk(server, `/api/router/finapi/profiles/asset/${assetId}/intent`, buyer.token, buyingIntentRequest(buyer, assetId, amount, unitValue, policy))).id);
}

/** Deposit instruction through the router, then the escrow operator records the money. */
export async function fund(server: Server, escrow: EscrowClient, party: Party, amount: string): Promise<void> {
  const deposit = await postAt(server, "/api/router/finapi/payments/deposit", party.token, depositRequest(party.profileId, party.key, amount));
  expect(deposit.status, deposit.text).toBe(200);
  const instruction = await completedAt(server, party.token, deposit.body);
  const before = Number((await holdingsOf(server, party)).USD?.balance ?? "0");
  const response = await escrow.post("/operator/incoming", { reference: referenceOf(instruction), amount, currency: "USD" }, escrow.operatorToken);
  expect(response.status, await response.clone().text()).toBe(201);
  // The escrow reports the credit to the router's ledger import asynchronously (its outbox); wait
  // until the router's holdings show it, so later holdings checks do not race that report.
  const deadline = Date.now() + 15_000;
  while (Number((await holdingsOf(server, party)).USD?.balance ?? "0") < before + Number(amount) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type ExecutionTerms = {
  kind: "primarySale" | "sellingIntent" | "buyingIntent";
  intentId: string;
  assetId: string;
  /** The executor: the buyer, or the seller of a buying intent. */
  executor: Party;
  buyer: Party;
  seller: Party;
  quantity: string;
  settlementAmount: string;
  expiry?: number;
  nonce?: string;
  executionId?: string;
};

/** Signs a template hash with a private key (hex both): noble's signHash, or libsecp256k1's for the benchmark. */
export type HashSigner = (hashHex: string, privateKeyHex: string) => string;

/** The execute body and the Trade it describes (for rebuilding the template the counterparty signs). */
export function executionBody(t: ExecutionTerms, sign: HashSigner = signHash) {
  const nonce = t.nonce ?? generateNonce();
  const expiry = t.kind === "buyingIntent" ? undefined : (t.expiry ?? now() + 3600);
  const trade: Trade = {
    kind: t.kind,
    assetId: t.assetId,
    quantity: t.quantity,
    currency: "USD",
    settlementAmount: t.settlementAmount,
    buyerFinId: t.buyer.key.finId,
    sellerFinId: t.seller.key.finId,
    escrowOrgId: "escrow",
    tokenOrgId: "node",
    nonce,
    signedExpiry: expiry ?? null,
    holdExpiry: expiry ?? 0,
    executorFinId: t.executor.key.finId,
    counterpartyFinId: null,
  };
  const template = tradeTemplate(trade);
  const tokens = { type: "p2p", resourceId: t.assetId };
  const destinationAccount = { account: finIdAccount(t.buyer.key.finId, "node"), asset: tokens };
  const asset =
    t.kind === "primarySale"
      ? { term: { asset: tokens, amount: t.quantity }, instruction: { destinationAccount } }
      : { term: { asset: tokens, amount: t.quantity }, instruction: { sourceAccount: { account: finIdAccount(t.seller.key.finId, "node"), asset: tokens }, destinationAccount } };
  const body = {
    intentId: t.intentId,
    user: t.executor.profileId,
    ...(t.executionId ? { executionId: t.executionId } : {}),
    intent: {
      type: `${t.kind}Execution`,
      asset,
      settlement: {
        term: { asset: usd, amount: t.settlementAmount },
        instruction: {
          type: "escrow",
          sourceAccount: { account: finIdAccount(t.buyer.key.finId, "escrow"), asset: usd },
          destinationAccount: { account: finIdAccount(t.seller.key.finId, "escrow"), asset: usd },
          ...(expiry === undefined ? {} : { expiry }),
        },
      },
      nonce,
      buyer: t.buyer.profileId,
      ...(t.kind === "primarySale" ? { issuer: t.seller.profileId } : {}),
      signature: sign(template.hash, t.executor.key.privateKey),
    },
  };
  return { body, template };
}

export type PlanView = {
  id: string;
  executionPlanStatus: string;
  failureReason?: string;
  instructions: { sequence: number; executionPlanOperation: { type: string } }[];
  instructionsCompletionEvents: { instructionSequenceNumber: number; output: Record<string, unknown> }[];
  approvals: { organizationId: string }[];
  currentInstructionSequence: number;
  participants: unknown[];
  intent: { id: string };
  intentID: string;
};

export async function planOf(server: Server, token: string, planId: string): Promise<{ status: number; plan: PlanView }> {
  const response = await callAt(server.baseUrl, "GET", `/api/router/finapi/execution/${planId}`, { token });
  return { status: response.status, plan: (await response.json()) as PlanView };
}

export async function finishedPlan(server: Server, token: string, planId: string, timeoutMs = 20_000): Promise<PlanView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, plan } = await planOf(server, token, planId);
    expect(status).toBe(200);
    if (["completed", "failed", "rejected"].includes(plan.executionPlanStatus) || Date.now() > deadline) return plan;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function holdingsOf(server: Server, party: Party): Promise<Record<string, { balance: string; held: string; available: string }>> {
  const response = await callAt(server.baseUrl, "GET", `/api/router/finapi/profiles/${party.profileId}/holdings`, { token: party.token });
  const body = (await response.json()) as { holdings: { asset: { type: string; code?: string; resourceId?: string }; balance: string; held: string; available: string }[] };
  return Object.fromEntries(body.holdings.map((h) => [h.asset.code ?? h.asset.resourceId ?? "?", { balance: h.balance, held: h.held, available: h.available }]));
}

/** A counterparty's signing endpoint: signs at once with the keys it holds, or only acknowledges. */
export class SignerStandIn {
  readonly keys = new Map<string, Key>();
  readonly seen: { body: Record<string, unknown>; hmacOk: boolean | null }[] = [];
  mode: "sign" | "acknowledge" | "refuse" | "badSignature" = "sign";
  secret: string | null = null;
  /** How long it takes to answer (a slow signer keeps a plan's run busy). */
  delayMs = 0;
  private server: HttpServer | null = null;
  /** Answers still waiting out `delayMs`: stop() drops them, so no timer outlives the stand-in. */
  private readonly pending = new Set<NodeJS.Timeout>();
  url = "";

  /** `sign`: how it signs (the benchmark passes libsecp256k1's signHashNative). */
  constructor(private readonly sign: HashSigner = signHash) {}

  async start(): Promise<void> {
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}/sign`;
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const timer = setTimeout(() => {
          this.pending.delete(timer);
          const raw = Buffer.concat(chunks).toString("utf8");
          const body = JSON.parse(raw) as { signer: string; signatureTemplate: { hash: string } };
          const timestamp = Number(req.headers["x-signature-timestamp"]);
          const hmacOk = this.secret ? req.headers["x-signature"] === signingHmac(this.secret, timestamp, raw) : null;
          this.seen.push({ body: body as unknown as Record<string, unknown>, hmacOk });
          const key = this.keys.get(body.signer);
          res.setHeader("content-type", "application/json");
          if (this.mode === "refuse" || !key) return void res.writeHead(403).end(JSON.stringify({ title: "I do not sign this" }));
          if (this.mode === "acknowledge") return void res.end(JSON.stringify({ type: "acknowledgement" }));
          const signer = this.mode === "badSignature" ? newKey() : key;
          res.end(JSON.stringify({ type: "signature", signature: this.sign(body.signatureTemplate.hash, signer.privateKey) }));
        }, this.delayMs);
        this.pending.add(timer);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, "127.0.0.1", resolve));
  }

  async stop(): Promise<void> {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
    const closed = new Promise((resolve) => this.server?.close(resolve));
    this.server?.closeAllConnections();
    await closed;
  }
}
