// A router's view of the built-in escrow organization for the API tests: real signatures made with
// real keys, every request over HTTP, and read-only looks at the escrow's books in the database.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { makeId } from "@/lib/domain/ids";
import { generateNonce } from "@/lib/domain/nonce";
import { generatePrivateKey, getFinId, signHash } from "@/lib/domain/secp256k1";
import { buildDepositTemplate, buildPayoutTemplate, buildTradeTemplate } from "@/lib/domain/signature-template";
import { callAt, countRowsAt, createUserAt, queryRowsAt } from "./helpers";

export type Key = { privateKey: string; finId: string };
export type Envelope = {
  cid: string;
  isCompleted: boolean;
  type?: string;
  response?: Record<string, unknown>;
  error?: { Code: number; Message: string };
  approval?: { status: string; failure?: { failureType: string; code: number; message: string } };
};

export function newKey(): Key {
  const privateKey = generatePrivateKey();
  return { privateKey, finId: getFinId(privateKey) };
}

export const usd = { type: "fiat", code: "USD" } as const;
export const party = (finId: string, orgId = "escrow") => ({ finId, account: { type: "finId", finId, orgId } });
export const planId = () => makeId("node", "plan");
export const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

export type HoldTerms = {
  buyer: Key;
  seller: string;
  quantity: string;
  expiry?: number;
  operationId?: string;
  plan?: string;
  currency?: string;
  /** Sign the payment leg without expiry, as a buying-intent execution does. */
  unsignedExpiry?: boolean;
};

/** The hold a router sends at plan step 1, with the buyer's signed trade template. */
export function holdBody(t: HoldTerms) {
  const nonce = generateNonce();
  const expiry = t.expiry ?? inSeconds(3600);
  const currency = t.currency ?? "USD";
  const template = buildTradeTemplate({
    nonce,
    operation: "issue",
    asset: { assetType: "p2p", assetId: makeId("node", "asset") },
    destination: { accountType: "finId", account: t.buyer.finId },
    amount: "1",
    payment: {
      assetType: "fiat",
      assetId: currency,
      source: { accountType: "finId", account: t.buyer.finId },
      destination: { accountType: "finId", account: t.seller },
      amount: t.quantity,
      expiry: t.unsignedExpiry ? undefined : expiry,
    },
  });
  return {
    asset: { type: "fiat", code: currency },
    source: party(t.buyer.finId),
    expiry,
    nonce,
    operationId: t.operationId ?? `op-${randomUUID()}`,
    quantity: t.quantity,
    signature: { signature: signHash(template.hash, t.buyer.privateKey), template },
    executionContext: { executionPlanId: t.plan ?? planId(), instructionSequenceNumber: 1 },
  };
}

export type HoldBody = ReturnType<typeof holdBody>;

export function releaseBody(hold: HoldBody, destination: string, overrides: Partial<{ quantity: string; plan: string }> = {}) {
  return {
    asset: hold.asset,
    source: hold.source,
    destination: party(destination),
    operationId: hold.operationId,
    quantity: overrides.quantity ?? hold.quantity,
    executionContext: { executionPlanId: overrides.plan ?? hold.executionContext.executionPlanId, instructionSequenceNumber: 3 },
  };
}

export function rollbackBody(hold: HoldBody) {
  return {
    asset: hold.asset,
    source: hold.source,
    operationId: hold.operationId,
    quantity: hold.quantity,
    executionContext: { executionPlanId: hold.executionContext.executionPlanId, instructionSequenceNumber: 1 },
  };
}

export function payoutBody(owner: Key, amount: string, signer: Key = owner) {
  const nonce = generateNonce();
  const template = buildPayoutTemplate({ nonce, assetType: "fiat", assetId: "USD", srcAccountType: "finId", srcAccount: owner.finId, amount });
  return {
    asset: usd,
    source: party(owner.finId),
    amount,
    payoutInstruction: { description: "IBAN DE89370400440532013000" },
    nonce,
    signature: { signature: signHash(template.hash, signer.privateKey), template },
  };
}

export function depositBody(owner: Key, amount: string, options: { signed?: boolean; signer?: Key } = {}) {
  const base = { asset: usd, destination: party(owner.finId), owner: party(owner.finId), amount, details: "first deposit" };
  if (!options.signed) return base;
  const nonce = generateNonce();
  const template = buildDepositTemplate({ nonce, assetType: "fiat", assetId: "USD", dstAccountType: "finId", dstAccount: owner.finId, amount });
  return { ...base, nonce, signature: { signature: signHash(template.hash, (options.signer ?? owner).privateKey), template } };
}

export type AccountRow = { balance: string; held: string; available: string };

/**
 * Registers another organization with the admin API: a router, or a payment organization (kind
 * escrow) whose adapter URL nobody answers. Answers its id.
 */
export async function registerOrganization(server: { baseUrl: string; adminToken: string }, kind: "router" | "escrow"): Promise<string> {
  const id = `${kind === "router" ? "rt" : "pay"}-${randomUUID().slice(0, 8)}`;
  const body = { id, name: `Test ${kind} ${id}`, kind, ...(kind === "escrow" ? { adapterUrl: "http://127.0.0.1:9/adapter" } : {}) };
  const response = await callAt(server.baseUrl, "POST", "/api/router/admin/organizations", { token: server.adminToken, body });
  expect(response.status, await response.clone().text()).toBe(201);
  return id;
}

/** The deposit reference number in a completed deposit instruction's description. */
export function referenceIn(instruction: Envelope): string {
  const reference = /Reference number: (ESC-[0-9A-Z]+)/.exec(String(instruction.response?.description))?.[1];
  if (!reference) throw new Error(`no reference number in ${JSON.stringify(instruction)}`);
  return reference;
}

/** One escrow organization as a router (and its operator) sees it. */
export class EscrowClient {
  constructor(
    readonly server: { baseUrl: string; adminToken: string; databaseUrl: string },
    readonly routerToken: string,
    readonly operatorToken: string,
  ) {}

  /**
   * A router's program user (acting for `organizationId` when given: "node" is this node's own router
   * organization) and an escrow operator.
   */
  static async create(server: { baseUrl: string; adminToken: string; databaseUrl: string }, organizationId?: string): Promise<EscrowClient> {
    const router = await createUserAt(server, "organization", organizationId ? { organizationId } : {});
    const operator = await createUserAt(server, "escrowOperator");
    return new EscrowClient(server, router.token, operator.token);
  }

  async post(path: string, body: unknown, token: string | null = this.routerToken, headers?: Record<string, string>): Promise<Response> {
    return callAt(this.server.baseUrl, "POST", `/api/adapter${path}`, { token, body, headers });
  }

  /** Posts under an Idempotency-Key header, as the router's retries do. */
  async keyed(path: string, body: unknown, idempotencyKey: string): Promise<Response> {
    return this.post(path, body, this.routerToken, { "idempotency-key": idempotencyKey });
  }

  /** Posts under an Idempotency-Key and expects an operation envelope (200). */
  async keyedOperation(path: string, body: unknown, idempotencyKey: string): Promise<Envelope> {
    const response = await this.keyed(path, body, idempotencyKey);
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return JSON.parse(text) as Envelope;
  }

  /** Posts and expects an operation envelope (200). */
  async operation(path: string, body: unknown): Promise<Envelope> {
    const response = await this.post(path, body);
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return JSON.parse(text) as Envelope;
  }

  async poll(cid: string, method: "POST" | "GET" = "POST", token: string = this.routerToken): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await callAt(this.server.baseUrl, method, `/api/adapter/operations/${cid}`, {
      token,
      body: method === "POST" ? {} : undefined,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** Polls until the operation completes; answers the bare envelope (unwrapping the receipt wrapper). */
  async completed(first: Envelope, timeoutMs = 15_000): Promise<Envelope> {
    if (first.isCompleted) return first;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { status, body } = await this.poll(first.cid);
      expect(status).toBe(200);
      const envelope = (body.type === "receipt" && body.operation ? body.operation : body) as Envelope;
      if (envelope.isCompleted) return envelope;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`operation ${first.cid} did not complete within ${timeoutMs} ms`);
  }

  /** Deposit instruction, then the operator records the money under its reference. */
  async fund(owner: Key, amount: string): Promise<void> {
    const instruction = await this.completed(await this.operation("/payments/depositInstruction", depositBody(owner, amount)));
    const reference = referenceIn(instruction);
    const response = await this.post("/operator/incoming", { reference, amount, currency: "USD" }, this.operatorToken);
    expect(response.status, await response.clone().text()).toBe(201);
  }

  async account(finId: string, currency = "USD"): Promise<AccountRow | undefined> {
    const [row] = await queryRowsAt<AccountRow>(
      this.server.databaseUrl,
      `SELECT "balance", "held", "available" FROM "EscrowAccount" WHERE "ownerFinId" = $1 AND "currency" = $2`,
      [finId, currency],
    );
    return row;
  }

  async books(): Promise<{ balanced: boolean; violations: unknown[]; currencies: { currency: string; netMoneyIn: string; available: string; held: string }[] }> {
    const response = await callAt(this.server.baseUrl, "GET", "/api/adapter/operator/books", { token: this.operatorToken });
    expect(response.status).toBe(200);
    return (await response.json()) as Awaited<ReturnType<EscrowClient["books"]>>;
  }

  async count(table: string): Promise<number> {
    return countRowsAt(this.server.databaseUrl, table);
  }
}
