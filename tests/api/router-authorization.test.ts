// Who may call what, as one table (decisions.md §6, §7): every route that names a profile or an
// operation, and every route kept for one role, is called by each caller that may not use it – no
// token (401), a role outside the route's list (403), another investor or an unrelated organization
// (404, the same answer as for an id that does not exist, so ids cannot be probed). Every refusal is
// a problem document and writes nothing. The fixtures are real (investor A's profile, certificate,
// document, deposit and account workflow; issuer I's asset and primary sales; A's completed purchase,
// A's selling intent and the signing request for it waiting in A's portal inbox), and A's or I's own
// calls succeed, so a 404 is about the caller.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Role } from "@/lib/domain/roles";
import { generateNonce } from "@/lib/domain/nonce";
import { signHash } from "@/lib/domain/secp256k1";
import { profileProofHash } from "@/lib/domain/signature-template";
import { adminToken, baseUrl, call, createUser, queryRows, uniqueEmail } from "./helpers";
import {
  depositBody,
  EscrowClient,
  holdBody,
  inSeconds,
  newKey,
  party,
  payoutBody,
  planId,
  referenceIn,
  registerOrganization,
  releaseBody,
  rollbackBody,
  usd,
  type Envelope,
  type HoldBody,
} from "./escrow-client";
import { expectReconciled } from "./reconciliation";
import { depositRequest, referenceOf, withdrawRequest, type RouterEnvelope } from "./router-client";
import {
  PNG,
  assetBody,
  attachCertificate,
  closeRowCounts,
  certificatesPath,
  countChanges,
  expectProblem,
  intentPath,
  kycCertificate,
  newInvestor,
  newMarket,
  pngForm,
  postForm,
  primarySaleBody,
  purchaseBody,
  rowCounts,
  sellingIntentBody,
  settled,
  signatureIds,
  signatureResultBody,
  uploadDocument,
  type Investor,
  type Market,
  type RowCounts,
} from "./fixtures";

const PROFILES = "/api/router/finapi/profiles";

/** What the table's paths and bodies name: A, I, the market around them, and ids of their records that exist. */
type Fixture = {
  a: Investor;
  /** Investor B: "another investor" of the table, with a profile of its own. */
  b: Investor;
  market: Market;
  ids: {
    profileId: string;
    certificateId: string;
    documentId: string;
    /** A's deposit at the router, and the escrow operation it became at the built-in adapter. */
    depositCid: string;
    escrowCid: string;
    /** A's account workflow, still awaiting its proof. */
    workflowCid: string;
    /** A's user id (for the admin's user lookup). */
    userId: string;
    /** The reference number of A's deposit instruction, under which the escrow's operator records money. */
    reference: string;
    /** I's asset, its primary sale, and the primary sale kept for disable and enable. */
    assetId: string;
    saleIntentId: string;
    toggleIntentId: string;
    /** A's completed purchase from the primary sale. */
    planId: string;
    /** B's profile (a callback path for a profile the signing request was not made for). */
    otherProfileId: string;
    /** A payment organization registered besides the built-in escrow, keeping USD. */
    bankId: string;
    /** Two incoming credits waiting for a second operator, recorded by "the operator who recorded it". */
    pendingCreditId: string;
    otherPendingCreditId: string;
  };
  /** A hold this node's router organization made at the built-in escrow, still held. */
  nodeHold: { body: HoldBody; cid: string; seller: string };
};

type Body = { json: unknown; headers?: Record<string, string> } | { form: FormData };

type CallerName =
  | "no token"
  | Role
  | "another investor"
  | "another issuer"
  | "an unrelated organization"
  | "the trade's buyer"
  | "another payment organization's operator"
  | "another payment organization's program user"
  | "another router organization"
  | "a payment organization"
  | "the operator who recorded it";
type Caller = "A" | "I" | Role;

type RouteCase = {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Told apart in the test names when one route is in the table twice. */
  note?: string;
  /** The path, with {placeholders} filled from the fixture's ids of the same name. */
  path: string;
  /** A body the route accepts from a caller allowed to send it. */
  body?: (f: Fixture) => Body;
  /** The wrapper's role list; every other role gets 403. */
  roles?: readonly Role[];
  /**
   * Names one of A's (or I's) profiles, operations, intents or plans: another investor, another issuer
   * and an unrelated organization, where their role may call the route, get this status.
   */
  strangers?: number;
  /** A status of its own for some callers (e.g. a primary sale by a caller who is not an issuer: 403). */
  override?: Partial<Record<CallerName, number>>;
  /** No credentials needed: no 401 case; `refusals` says who is refused instead. */
  public?: true;
  /** Further refusals: the same route with another path or body, e.g. a request the router never made. */
  refusals?: readonly Refusal[];
  /**
   * A caller the route serves, and its status for the same request: proof that the body is valid and
   * the refusals are about who calls. Left out for the organizations: registering one would change
   * the list other test files read, and the built-in escrow cannot be changed by anyone (409).
   */
  allowed?: { caller: Caller | "no token"; status: number };
};

type Refusal = { what: string; caller: CallerName; status: number; path?: (f: Fixture) => string; body?: (f: Fixture) => Body };

const ROLES: readonly Role[] = ["investor", "issuer", "admin", "escrowOperator", "organization"];
const PAYMENTS: Refusal = { what: "a payment organization's program user", caller: "a payment organization", status: 403 };
const ANOTHER_ROUTER: Refusal = { what: "another registered router organization", caller: "another router organization", status: 404 };
const A = (status = 200) => ({ caller: "A" as const, status });
const I = (status = 200) => ({ caller: "I" as const, status });
const INTENT = `${PROFILES}/asset/{assetId}/intent`;

const ROUTES: readonly RouteCase[] = [
  // Profiles, certificates and documents.
  { method: "GET", path: `${PROFILES}/{profileId}`, strangers: 404, allowed: A() },
  { method: "GET", path: `${PROFILES}/{profileId}/holdings`, strangers: 404, allowed: A() },
  { method: "GET", path: `${PROFILES}/{profileId}/deposits`, strangers: 404, allowed: A() },
  { method: "GET", path: `${PROFILES}/{profileId}/certificates`, strangers: 404, allowed: A() },
  { method: "POST", path: `${PROFILES}/{profileId}/certificates`, body: () => ({ json: kycCertificate() }), strangers: 404, allowed: A() },
  { method: "GET", path: `${PROFILES}/{profileId}/certificates/{certificateId}`, strangers: 404, allowed: A() },
  // The upload reads its multipart body before the access check; a stranger must still get 404.
  { method: "POST", path: `${PROFILES}/{profileId}/certificates/{certificateId}`, body: () => ({ form: pngForm() }), strangers: 404, allowed: A() },
  { method: "GET", path: `${PROFILES}/{profileId}/documents/{documentId}`, strangers: 404, allowed: A() },
  { method: "POST", path: "/api/router/profiles/{profileId}/share", body: () => ({ json: { organizations: ["escrow"] } }), strangers: 404, allowed: A(204) },
  // A's key and its real signature: another investor cannot take over the profile (409 rather than
  // 404: the caller proved it holds the key, so there is nothing to hide from it).
  {
    method: "POST",
    path: `${PROFILES}/owner`,
    body: (f) => ({ json: { publicKey: f.a.key.finId, signature: signHash(profileProofHash(f.a.key.finId), f.a.key.privateKey) } }),
    roles: ["investor", "issuer"],
    strangers: 409,
    allowed: A(),
  },
  // Payments and the operations they become.
  {
    method: "POST",
    path: "/api/router/finapi/payments/deposit",
    body: (f) => ({ json: depositRequest(f.a.profileId, f.a.key, "10") }),
    strangers: 404,
    allowed: A(),
  },
  // A has no funds: the withdrawal is accepted and its operation fails with Code 30 (still a 200 envelope).
  {
    method: "POST",
    path: "/api/router/finapi/payments/withdraw",
    body: (f) => ({ json: withdrawRequest(f.a.profileId, f.a.key, "5") }),
    strangers: 404,
    allowed: A(),
  },
  { method: "GET", path: "/api/router/finapi/operations/status/{depositCid}", strangers: 404, allowed: A() },
  { method: "GET", path: "/api/router/operations/status/{depositCid}", strangers: 404, allowed: A() },
  { method: "POST", path: "/api/router/operations/status/{depositCid}", body: () => ({ json: {} }), strangers: 404, allowed: A() },
  { method: "GET", path: "/api/operations/{depositCid}", strangers: 404, allowed: A() },
  { method: "GET", path: "/api/operations/{workflowCid}", strangers: 404, allowed: A() },
  // The account proof.
  {
    method: "POST",
    path: "/api/profiles/investor/{profileId}/account",
    body: (f) => ({ json: { account: { type: "finId", finId: f.a.key.finId, orgId: "escrow" } } }),
    strangers: 404,
    allowed: A(),
  },
  // The Idempotency-Key nonce is checked before the profile (submit-account-proof.ts), so a valid one
  // is sent. The signature is well-formed but wrong: A's proof is accepted (202) and rejected later.
  {
    method: "POST",
    path: "/api/profiles/investor/{profileId}/account/proof",
    body: (f) => ({ json: { cid: f.ids.workflowCid, ownershipSignature: "ab".repeat(64) }, headers: { "idempotency-key": generateNonce() } }),
    strangers: 404,
    allowed: A(202),
  },
  // Any signed-in caller; only anonymous callers are refused.
  { method: "GET", path: "/api/router/finapi/organizations", allowed: A() },
  { method: "GET", path: PROFILES, allowed: A() },
  // Admin.
  {
    method: "POST",
    path: "/api/router/admin/users",
    body: () => ({ json: { email: uniqueEmail("authz"), name: "Mallory", role: "admin" } }),
    roles: ["admin"],
    allowed: { caller: "admin", status: 201 },
  },
  { method: "GET", path: "/api/router/admin/users/{userId}", roles: ["admin"], allowed: { caller: "admin", status: 200 } },
  // Enabling an enabled user and issuing A a further token change nothing the table reads.
  { method: "PATCH", path: "/api/router/admin/users/{userId}", body: () => ({ json: { disabled: false } }), roles: ["admin"], allowed: { caller: "admin", status: 200 } },
  { method: "POST", path: "/api/router/admin/users/{userId}/tokens", body: () => ({ json: { label: "authz" } }), roles: ["admin"], allowed: { caller: "admin", status: 201 } },
  { method: "DELETE", path: "/api/router/admin/users/{userId}/tokens/00000000-0000-4000-8000-000000000000", roles: ["admin"], allowed: { caller: "admin", status: 404 } },
  { method: "GET", path: "/api/router/admin/users", roles: ["admin"], allowed: { caller: "admin", status: 200 } },
  { method: "GET", path: "/api/router/admin/organizations", roles: ["admin"], allowed: { caller: "admin", status: 200 } },
  // Prometheus metrics: admins (and the scraper's METRICS_TOKEN, tests/api/metrics.test.ts).
  { method: "GET", path: "/api/metrics", roles: ["admin"], allowed: { caller: "admin", status: 200 } },
  {
    method: "POST",
    path: "/api/router/admin/organizations",
    body: () => ({ json: { id: `authz-${randomUUID().slice(0, 8)}`, name: "Not registered", kind: "router" } }),
    roles: ["admin"],
  },
  { method: "PATCH", path: "/api/router/admin/organizations/escrow", body: () => ({ json: { name: "Hijacked Escrow" } }), roles: ["admin"] },
  // Ledger import: the wrapper lets organizations through; the verb then keeps out those that are not
  // payment organizations (an escrow operator or program user of none, or of a router), and an
  // importer of one payment organization from the accounts of another: the first-user issue's import
  // of a debit and 1,000,000 USD on the built-in escrow's accounts by another organization's operator.
  {
    method: "POST",
    path: "/api/router/ledger/transaction/import",
    body: (f) => ({ json: { transactions: [ledgerCredit(f.a.key.finId, f.ids.bankId, "1000")] } }),
    roles: ["admin", "escrowOperator", "organization"],
    refusals: [
      { what: "with no organization", caller: "escrowOperator", status: 403 },
      { what: "with no organization", caller: "organization", status: 403 },
      ...(["another payment organization's operator", "another payment organization's program user"] as const).map((caller) => ({
        what: "a debit and a credit on the built-in escrow's accounts",
        caller,
        status: 403,
        body: (f: Fixture) => ({ json: { transactions: [ledgerDebit(f.a.key.finId, "escrow"), ledgerCredit(f.a.key.finId, "escrow")] } }),
      })),
    ],
    allowed: { caller: "admin", status: 200 },
  },
  { method: "GET", path: "/api/router/admin/reconciliation", roles: ["admin"], allowed: { caller: "admin", status: 200 } },
  // The built-in adapter: routers (role organization), and for polls and operator pages the escrow's
  // operators. Operations that fail (no funds, no such hold or plan) are still 200 envelopes. Program
  // users of payment organizations (kind escrow, here a registered one) are not routers: 403.
  // Another organization's adapter operations: see "adapter operations of another organization" below.
  { method: "POST", path: "/api/adapter/assets/hold", body: () => ({ json: HOLD }), roles: ["organization"], refusals: [PAYMENTS], allowed: { caller: "organization", status: 200 } },
  {
    method: "POST",
    path: "/api/adapter/assets/release",
    body: () => ({ json: releaseBody(HOLD, SELLER) }),
    roles: ["organization"],
    refusals: [PAYMENTS],
    allowed: { caller: "organization", status: 200 },
  },
  {
    method: "POST",
    path: "/api/adapter/assets/rollback",
    body: () => ({ json: rollbackBody(HOLD) }),
    roles: ["organization"],
    refusals: [PAYMENTS],
    allowed: { caller: "organization", status: 200 },
  },
  {
    method: "POST",
    path: "/api/adapter/finapi/payments/payout",
    // A key of no profile here: a payout of A's money by another router would move money this router's holdings do not follow.
    body: () => ({ json: payoutBody(PAYOUT_KEY, "5") }),
    roles: ["organization"],
    refusals: [PAYMENTS],
    allowed: { caller: "organization", status: 200 },
  },
  {
    method: "POST",
    path: "/api/adapter/payments/depositInstruction",
    body: (f) => ({ json: depositBody(f.a.key, "5") }),
    roles: ["organization"],
    refusals: [PAYMENTS],
    allowed: { caller: "organization", status: 200 },
  },
  {
    method: "POST",
    path: "/api/adapter/plan/approve",
    body: () => ({ json: { executionPlanId: planId() } }),
    roles: ["organization"],
    refusals: [PAYMENTS],
    allowed: { caller: "organization", status: 200 },
  },
  // A's deposit became an operation of this node's router: any other organization is answered as for an unknown cid.
  {
    method: "POST",
    path: "/api/adapter/operations/{escrowCid}",
    body: () => ({ json: {} }),
    roles: ["organization", "escrowOperator"],
    strangers: 404,
    refusals: [PAYMENTS, ANOTHER_ROUTER],
    allowed: { caller: "escrowOperator", status: 200 },
  },
  {
    method: "GET",
    path: "/api/adapter/operations/{escrowCid}",
    roles: ["organization", "escrowOperator"],
    strangers: 404,
    refusals: [PAYMENTS, ANOTHER_ROUTER],
    allowed: { caller: "escrowOperator", status: 200 },
  },
  {
    method: "POST",
    path: "/api/adapter/operator/incoming",
    body: (f) => ({ json: { reference: f.ids.reference, amount: "25", currency: "USD" } }),
    roles: ["escrowOperator"],
    allowed: { caller: "escrowOperator", status: 201 },
  },
  { method: "GET", path: "/api/adapter/operator/incoming", roles: ["escrowOperator"], allowed: { caller: "escrowOperator", status: 200 } },
  // A credit of 1,000,000 against a 5 USD deposit reference waits for a second operator (four-eyes).
  {
    method: "POST",
    path: "/api/adapter/operator/incoming/{pendingCreditId}/approve",
    body: () => ({ json: {} }),
    roles: ["escrowOperator"],
    refusals: [{ what: "its own credit", caller: "the operator who recorded it", status: 403 }],
    allowed: { caller: "escrowOperator", status: 200 },
  },
  {
    method: "POST",
    path: "/api/adapter/operator/incoming/{otherPendingCreditId}/decline",
    body: () => ({ json: { reason: "not a payment we expected" } }),
    roles: ["escrowOperator"],
    allowed: { caller: "escrowOperator", status: 200 },
  },
  { method: "GET", path: "/api/adapter/operator/accounts", roles: ["escrowOperator"], allowed: { caller: "escrowOperator", status: 200 } },
  { method: "GET", path: "/api/adapter/operator/books", roles: ["escrowOperator"], allowed: { caller: "escrowOperator", status: 200 } },
  { method: "GET", path: "/api/adapter/operator/holds", roles: ["escrowOperator"], allowed: { caller: "escrowOperator", status: 200 } },
  // Assets and intents: reads for any signed-in caller; writes for the issuer (assets, primary sales)
  // or the owner of the intent's profile, and everyone else is answered as if the intent did not exist.
  { method: "POST", path: `${PROFILES}/asset`, body: (f) => ({ json: assetBody(f.market.issuer) }), roles: ["issuer"], strangers: 404, allowed: I() },
  { method: "GET", path: `${PROFILES}/asset/{assetId}`, allowed: A() },
  { method: "GET", path: "/api/router/finapi/assets", allowed: A() },
  // A primary sale of I's asset: only an issuer publishes one (403), and only for its own profile (404).
  {
    method: "POST",
    path: INTENT,
    note: "a primary sale",
    body: (f) => ({ json: primarySaleBody(f.market.issuer, f.ids.assetId) }),
    strangers: 404,
    override: { "another investor": 403, "an unrelated organization": 403 },
    allowed: I(),
  },
  // A's selling intent of tokens A holds: anyone else is refused as if A's profile did not exist.
  { method: "POST", path: INTENT, note: "a selling intent", body: (f) => ({ json: sellingIntentBody(f.a, f.ids.assetId) }), strangers: 404, allowed: A() },
  { method: "GET", path: `${INTENT}/{saleIntentId}`, allowed: A() },
  { method: "PUT", path: `${INTENT}/{toggleIntentId}/disable`, body: () => ({ json: {} }), strangers: 404, allowed: I() },
  { method: "PUT", path: `${INTENT}/{toggleIntentId}/enable`, body: () => ({ json: {} }), strangers: 404, allowed: I() },
  { method: "GET", path: "/api/router/finapi/intents", allowed: A() },
  // Trades. Another investor or issuer executing for A's profile (`user`) is refused as if it did not exist.
  { method: "POST", path: "/api/router/finapi/tokens/execute", body: (f) => ({ json: purchaseBody(f.market, f.a) }), roles: ["investor", "issuer"], strangers: 404, allowed: A() },
  { method: "GET", path: "/api/router/finapi/execution/{planId}", strangers: 404, allowed: A() },
  // A's signature for the request in A's inbox (A is both the signer and the intent's owner).
  {
    method: "POST",
    path: "/api/router/finapi/tokens/signature-result",
    body: (f) => ({ json: signatureResultBody(f.market, f.a) }),
    strangers: 404,
    // The counterparty takes part in the plan, but neither signs nor owns the intent.
    refusals: [{ what: "the buyer the signature is asked for", caller: "the trade's buyer", status: 404 }],
    allowed: A(),
  },
  // A's refusal to sign the same request: the owner's word, so nobody else may give it, not even an
  // admin. Sent after A's signature in the allowed pass, so A gets 409 (already signed), not 404.
  {
    method: "POST",
    path: "/api/router/finapi/tokens/signature-result/decline",
    body: (f) => ({ json: { ...signatureIds(f.market), reason: "Not at this price." } }),
    strangers: 404,
    refusals: [
      { what: "the buyer the signature is asked for", caller: "the trade's buyer", status: 404 },
      { what: "an admin", caller: "admin", status: 404 },
    ],
    allowed: A(409),
  },
  // Public: the request itself is the credential. One the router never made, or made for another
  // profile's key, is 404; the genuine one is acknowledged (and was already in A's inbox).
  {
    method: "POST",
    path: "/api/signing/callback/{profileId}",
    body: (f) => ({ json: f.market.signing }),
    public: true,
    refusals: [
      { what: "a request the router did not make", caller: "no token", status: 404, body: (f) => ({ json: { ...f.market.signing, requestId: randomUUID() } }) },
      {
        what: "a request the router did not make, with another investor's token",
        caller: "another investor",
        status: 404,
        body: (f) => ({ json: { ...f.market.signing, requestId: randomUUID() } }),
      },
      {
        what: "the genuine request at another profile's callback",
        caller: "no token",
        status: 404,
        path: (f) => `/api/signing/callback/${f.ids.otherProfileId}`,
      },
      {
        what: "the genuine request for another signer",
        caller: "no token",
        status: 404,
        path: (f) => `/api/signing/callback/${f.ids.otherProfileId}`,
        body: (f) => ({ json: { ...f.market.signing, signer: f.b.key.finId } }),
      },
    ],
    allowed: { caller: "no token", status: 200 },
  },
  // The demo market's signer: public like the callback, and only for the demo market's own profiles,
  // which this server (no demo market) has none of: the genuine request at A's profile is 404 too,
  // and nothing is written (the inbox row is A's callback's, not this route's).
  {
    method: "POST",
    path: "/api/signing/demo-market/{profileId}",
    body: (f) => ({ json: f.market.signing }),
    public: true,
    refusals: [
      { what: "a request the router did not make", caller: "no token", status: 404, body: (f) => ({ json: { ...f.market.signing, requestId: randomUUID() } }) },
      { what: "the genuine request, with another investor's token", caller: "another investor", status: 404 },
    ],
    allowed: { caller: "no token", status: 404 },
  },
  // Market data: any signed-in caller. A's own KYC/AML document is not one the asset's issuer
  // publishes (an ownerInfo certificate's): 404 through the asset, even for A.
  { method: "GET", path: "/api/router/finapi/assets/{assetId}/market", allowed: A() },
  { method: "GET", path: "/api/router/finapi/assets/{assetId}/documents/{documentId}", allowed: A(404) },
  { method: "GET", path: "/api/router/finapi/portfolio", allowed: A() },
  { method: "GET", path: "/api/signing/inbox", allowed: A() },
  { method: "GET", path: "/api/signing/inbox/count", allowed: A() },
];

const SELLER = newKey().finId;
const PAYOUT_KEY = newKey();
const HOLD = holdBody({ buyer: newKey(), seller: SELLER, quantity: "10" });

function ledgerCredit(finId: string, orgId: string, quantity = "1000000") {
  return {
    id: randomUUID(),
    asset: usd,
    quantity,
    timestamp: inSeconds(0),
    destination: party(finId, orgId),
    settlementRef: "",
    transactionDetails: { transactionId: `authz-${randomUUID()}` },
  };
}

function ledgerDebit(finId: string, orgId: string) {
  const { destination: _destination, ...rest } = ledgerCredit(finId, orgId, "10");
  return { ...rest, source: party(finId, orgId) };
}

/**
 * What the adapter rows need: a hold this node's router organization made (held), two credits of
 * 1,000,000 against a 5 USD deposit reference waiting for a second operator, and the program users
 * of another router organization and of a payment organization.
 */
async function adapterFixtures() {
  const server = { baseUrl: baseUrl(), adminToken: adminToken(), databaseUrl: inject("databaseUrl") };
  const node = await EscrowClient.create(server, "node");
  const [foreignRouter, paymentOrganization, recorder] = await Promise.all([
    registerOrganization(server, "router").then((organizationId) => createUser("organization", { organizationId })),
    registerOrganization(server, "escrow").then((organizationId) => createUser("organization", { organizationId })),
    createUser("escrowOperator"),
  ]);
  const buyer = newKey();
  const seller = newKey().finId;
  await node.fund(buyer, "50");
  const body = holdBody({ buyer, seller, quantity: "20" });
  const held = await node.operation("/assets/hold", body);
  expect(held.response, JSON.stringify(held)).toBeDefined();
  const pendingCreditIds: [string, string] = ["", ""];
  for (const i of [0, 1] as const) {
    const reference = referenceIn(await node.operation("/payments/depositInstruction", depositBody(newKey(), "5")));
    const recorded = await node.post("/operator/incoming", { reference, amount: "1000000", currency: "USD" }, recorder.token);
    expect(recorded.status, await recorded.clone().text()).toBe(202);
    pendingCreditIds[i] = ((await recorded.json()) as { id: string }).id;
  }
  return {
    nodeHold: { body, cid: held.cid, seller },
    pendingCreditIds,
    tokens: { foreignRouter: foreignRouter.token, paymentOrganization: paymentOrganization.token, recorder: recorder.token },
  };
}

type Case = { caller: CallerName; status: number; what?: string; path?: (f: Fixture) => string; body?: (f: Fixture) => Body };

/** Who calls a route, and what each is answered. */
function casesOf(route: RouteCase): Case[] {
  const cases: Case[] = route.public ? [] : [{ caller: "no token", status: 401 }];
  if (route.roles) cases.push(...ROLES.filter((r) => !route.roles?.includes(r)).map((caller) => ({ caller, status: 403 })));
  if (route.strangers !== undefined) {
    const strangers: [CallerName, Role][] = [
      ["another investor", "investor"],
      ["another issuer", "issuer"],
      ["an unrelated organization", "organization"],
    ];
    for (const [caller, role] of strangers) {
      if (!route.roles || route.roles.includes(role)) cases.push({ caller, status: route.strangers });
    }
  }
  for (const c of cases) c.status = route.override?.[c.caller] ?? c.status;
  cases.push(...(route.refusals ?? []));
  return cases;
}

let fixture: Fixture;
let tokens: Record<Exclude<CallerName, "no token"> | Caller, string>;
let before: RowCounts;

const tokenOf = (caller: CallerName | Caller): string | null => (caller === "no token" ? null : tokens[caller]);

function pathOf(route: RouteCase): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const id = fixture.ids[name as keyof Fixture["ids"]];
    if (id === undefined) throw new Error(`no fixture id ${name} for ${route.path}`);
    return id;
  });
}

async function send(route: RouteCase, token: string | null, refusal?: Case): Promise<Response> {
  const urlPath = refusal?.path?.(fixture) ?? pathOf(route);
  const body = (refusal?.body ?? route.body)?.(fixture);
  if (body && "form" in body) return postForm(urlPath, body.form, token);
  return call(route.method, urlPath, { token, body: body?.json, headers: body?.headers });
}

const titleOf = (route: RouteCase) => `${route.method} ${route.path}${route.note ? ` (${route.note})` : ""}`;

beforeAll(async () => {
  await settled();
  const [a, b, issuer, organization, escrowOperator] = await Promise.all([
    newInvestor(),
    newInvestor(),
    createUser("issuer"),
    createUser("organization"),
    createUser("escrowOperator"),
  ]);
  // Another payment organization with its own operator and program user (the ledger import's foreign importers).
  const bankId = `authz-bank-${randomUUID().slice(0, 8)}`;
  const registered = await call("POST", "/api/router/admin/organizations", {
    token: adminToken(),
    body: { id: bankId, name: "Authz Bank", kind: "escrow", adapterUrl: "https://adapter.authz-bank.example/api" },
  });
  expect(registered.status, await registered.clone().text()).toBe(201);
  // Its currencies, so that the admin's import for it is accepted (the allowed call at the end).
  await call("PATCH", `/api/router/admin/organizations/${bankId}`, { token: adminToken(), body: { currencies: [{ code: "USD", minorUnits: 2 }] } });
  const [bankOperator, bankProgram] = await Promise.all([createUser("escrowOperator", { organizationId: bankId }), createUser("organization", { organizationId: bankId })]);
  const certificateId = await attachCertificate(a);
  const documentId = await uploadDocument(a, certificateId);

  const deposit = await call("POST", "/api/router/finapi/payments/deposit", { token: a.token, body: depositRequest(a.profileId, a.key, "25") });
  expect(deposit.status, await deposit.clone().text()).toBe(200);
  const depositEnvelope = (await deposit.json()) as RouterEnvelope & { cid: string };
  const depositCid = depositEnvelope.cid;
  // The router completed it synchronously, so it kept no remote cid: find the escrow's own operation by A's key.
  const [operation] = await queryRows<{ id: string }>(`SELECT "id" FROM "EscrowOperation" WHERE "kind" = $1 AND "request" LIKE $2`, [
    "depositInstruction",
    `%${a.key.finId}%`,
  ]);
  const escrowCid = operation?.id;
  if (!escrowCid) throw new Error(`the deposit ${depositCid} reached no escrow operation`);

  const workflow = await call("POST", `/api/profiles/investor/${a.profileId}/account`, {
    token: a.token,
    body: { account: { type: "finId", finId: a.key.finId, orgId: "escrow" } },
  });
  expect(workflow.status, await workflow.clone().text()).toBe(200);
  const workflowCid = ((await workflow.json()) as { cid: string }).cid;

  const market = await newMarket(a);
  const adapter = await adapterFixtures();
  fixture = {
    a,
    b,
    market,
    ids: {
      profileId: a.profileId,
      certificateId,
      documentId,
      depositCid,
      escrowCid,
      workflowCid,
      userId: a.id,
      reference: referenceOf(depositEnvelope),
      assetId: market.assetId,
      saleIntentId: market.saleIntentId,
      toggleIntentId: market.toggleIntentId,
      planId: market.planId,
      otherProfileId: b.profileId,
      bankId,
      pendingCreditId: adapter.pendingCreditIds[0],
      otherPendingCreditId: adapter.pendingCreditIds[1],
    },
    nodeHold: adapter.nodeHold,
  };
  tokens = {
    A: a.token,
    I: market.issuer.token,
    investor: b.token,
    "another investor": b.token,
    issuer: issuer.token,
    "another issuer": issuer.token,
    admin: adminToken(),
    escrowOperator: escrowOperator.token,
    organization: organization.token,
    "an unrelated organization": organization.token,
    "the trade's buyer": market.counterparty.token,
    "another payment organization's operator": bankOperator.token,
    "another payment organization's program user": bankProgram.token,
    "another router organization": adapter.tokens.foreignRouter,
    "a payment organization": adapter.tokens.paymentOrganization,
    "the operator who recorded it": adapter.tokens.recorder,
  };
  await settled();
  before = await rowCounts();
}, 120_000);

// The allowed calls at the end start plans (an execution, the signature that lets the waiting plan
// go on): let them finish here rather than write into the next file's row counts.
afterAll(async () => {
  await settled();
  await closeRowCounts();
  await expectReconciled();
});

describe("the fixtures are real", () => {
  it("lets A read its profile, certificate, document and operations", async () => {
    const { a } = fixture;
    const { certificateId, documentId, depositCid, workflowCid } = fixture.ids;
    const certificates = await call("GET", certificatesPath(a.profileId), { token: a.token });
    expect(certificates.status).toBe(200);
    const listed = (await certificates.json()) as { certificates: { id: string; documents: { id: string }[] }[] };
    expect(listed.certificates.map((c) => [c.id, c.documents.map((d) => d.id)])).toEqual([[certificateId, [documentId]]]);

    const document = await call("GET", `${PROFILES}/${a.profileId}/documents/${documentId}`, { token: a.token });
    expect(document.status).toBe(200);
    expect(Buffer.from(await document.arrayBuffer()).equals(PNG)).toBe(true);

    expect((await call("GET", `${PROFILES}/${a.profileId}`, { token: a.token })).status).toBe(200);
    expect((await call("GET", `/api/router/finapi/operations/status/${depositCid}`, { token: a.token })).status).toBe(200);
    const proof = await call("GET", `/api/operations/${workflowCid}`, { token: a.token });
    expect(proof.status).toBe(200);
    expect(await proof.json()).toMatchObject({ cid: workflowCid, isCompleted: false });
  });

  it("lets A read its plan, its inbox and I's asset and intents; I sees its primary sales active", async () => {
    const { a, market } = fixture;
    const plan = await call("GET", `/api/router/finapi/execution/${market.planId}`, { token: a.token });
    expect(plan.status).toBe(200);
    expect(await plan.json()).toMatchObject({ id: market.planId, executionPlanStatus: "completed", intentID: market.saleIntentId });
    const inbox = (await (await call("GET", "/api/signing/inbox", { token: a.token })).json()) as { requests: { requestId: string }[] };
    expect(inbox.requests.map((r) => r.requestId)).toEqual([market.signing.requestId]);
    expect((await call("GET", `${PROFILES}/asset/${market.assetId}`, { token: a.token })).status).toBe(200);
    for (const intentId of [market.saleIntentId, market.toggleIntentId]) {
      const intent = await call("GET", intentPath(market.assetId, intentId), { token: market.issuer.token });
      expect(intent.status).toBe(200);
      expect(await intent.json()).toMatchObject({ id: intentId, status: "ACTIVE" });
    }
    const pending = await call("GET", `/api/router/finapi/execution/${market.pendingPlanId}`, { token: a.token });
    expect(await pending.json()).toMatchObject({ executionPlanStatus: "pending" });
  });

  it("answers another investor 404 on the same reads", async () => {
    const { a } = fixture;
    const { certificateId } = fixture.ids;
    for (const urlPath of [certificatesPath(a.profileId), `${certificatesPath(a.profileId)}/${certificateId}`]) {
      await expectProblem(await call("GET", urlPath, { token: tokens["another investor"] }), 404, urlPath);
    }
  });
});

for (const route of ROUTES) {
  describe(titleOf(route), () => {
    for (const refusal of casesOf(route)) {
      const { caller, status, what } = refusal;
      it(`${what ? `${what}: ` : ""}${caller} → ${status}, a problem document, nothing written`, async () => {
        const token = tokenOf(caller);
        const label = `${route.method} ${refusal.path?.(fixture) ?? pathOf(route)} as ${caller}${what ? ` (${what})` : ""}`;
        const response = await send(route, token, refusal);
        if (response.status !== status) throw new Error(`${label}: expected ${status}, got ${response.status} ${await response.text()}`);
        await expectProblem(response, status, label);
        expect(countChanges(before, await rowCounts()), `${label} wrote rows`).toEqual([]);
      });
    }
  });
}

describe("after the whole table", () => {
  it("nothing was written, and A's records are unchanged", async () => {
    expect(countChanges(before, await rowCounts())).toEqual([]);
    const [workflow] = await queryRows<{ status: string }>(`SELECT "status" FROM "AccountWorkflow" WHERE "id" = $1`, [fixture.ids.workflowCid]);
    expect(workflow?.status).toBe("AWAITING_PROOF_SUBMISSION");
    const shares = await queryRows(`SELECT "organizationId" FROM "ProfileShare" WHERE "profileId" = $1`, [fixture.a.profileId]);
    expect(shares).toEqual([]);
    const [escrow] = await queryRows<{ name: string }>(`SELECT "name" FROM "Organization" WHERE "id" = $1`, ["escrow"]);
    expect(escrow?.name).toBe("Built-in Escrow");
    const { market } = fixture;
    const intents = await queryRows<{ id: string; status: string }>(`SELECT "id", "status" FROM "Intent" WHERE "assetId" = $1 ORDER BY "id"`, [market.assetId]);
    expect(intents.map((i) => i.status)).toEqual(["ACTIVE", "ACTIVE", "ACTIVE"]);
    const [request] = await queryRows<{ status: string }>(`SELECT "status" FROM "SigningRequest" WHERE "id" = $1`, [market.signing.requestId]);
    expect(request?.status).toBe("awaiting");
    const [inbox] = await queryRows<{ status: string }>(`SELECT "status" FROM "InboxSigningRequest" WHERE "id" = $1`, [market.signing.requestId]);
    expect(inbox?.status).toBe("waiting");
  });
});

// Another organization's router asking the built-in adapter to settle or repeat what this node's
// router did: answered as for a hold or an operation that does not exist (an operation envelope with
// the operation's Code, recorded like any refused operation), and nothing moves: no account, hold,
// journal entry or report changes, and the refusal binds nothing of the owner's.
type ForeignAdapterCase = { what: string; path: string; body: (f: Fixture) => unknown; code: number; message: RegExp };

const FOREIGN_ADAPTER_CASES: readonly ForeignAdapterCase[] = [
  {
    what: "releases the hold to the destination the buyer signed",
    path: "/assets/release",
    body: (f) => releaseBody(f.nodeHold.body, f.nodeHold.seller),
    code: 12,
    message: /^no hold with operationId \S+: nothing to release$/,
  },
  { what: "rolls the hold back", path: "/assets/rollback", body: (f) => rollbackBody(f.nodeHold.body), code: 13, message: /^no hold with operationId \S+: nothing to roll back$/ },
  {
    what: "repeats the hold, key and body",
    path: "/assets/hold",
    body: (f) => f.nodeHold.body,
    code: 11,
    message: /^the signature was already consumed by another operation: one signed request moves money once$/,
  },
];

/** The escrow's money and holds as rows: what "nothing moved" compares. */
async function escrowBooks(): Promise<unknown[]> {
  return Promise.all([
    queryRows(`SELECT "id", "balance", "held", "available", "version" FROM "EscrowAccount" ORDER BY "id"`),
    queryRows(`SELECT "id", "status", "settledByCid" FROM "EscrowHold" ORDER BY "id"`),
    queryRows(`SELECT COUNT(*) AS "n" FROM "EscrowJournalEntry"`),
    queryRows(`SELECT COUNT(*) AS "n" FROM "EscrowOutbox"`),
  ]);
}

describe("adapter operations of another organization", () => {
  for (const c of FOREIGN_ADAPTER_CASES) {
    it(`another router organization ${c.what} of this node's router: the answer for an unknown hold, nothing moved`, async () => {
      const books = await escrowBooks();
      const counts = await rowCounts();
      const response = await call("POST", `/api/adapter${c.path}`, { token: tokens["another router organization"], body: c.body(fixture) });
      const text = await response.text();
      expect(response.status, text).toBe(200);
      const envelope = JSON.parse(text) as Envelope;
      expect(envelope).toMatchObject({ isCompleted: true, error: { Code: c.code, Message: expect.stringMatching(c.message) } });
      expect(text).not.toContain(fixture.nodeHold.cid);
      // The refused operation is the only row written, as for any refusal of an unknown hold.
      expect(countChanges(counts, await rowCounts())).toEqual([`EscrowOperation: ${counts.EscrowOperation} → ${(counts.EscrowOperation ?? 0) + 1}`]);
      expect(await escrowBooks()).toEqual(books);
      // It cannot poll it either, nor the hold it tried to repeat.
      for (const cid of [envelope.cid, fixture.nodeHold.cid]) {
        const poll = await call("GET", `/api/adapter/operations/${cid}`, { token: tokens["an unrelated organization"] });
        expect(poll.status).toBe(404);
      }
      const [hold] = await queryRows<{ status: string }>(`SELECT "status" FROM "EscrowHold" WHERE "holdCid" = $1`, [fixture.nodeHold.cid]);
      expect(hold?.status).toBe("HELD");
    });
  }
});

// Last, because these succeed and write: the same requests from callers the routes serve.
describe("the same requests from a caller the route serves", () => {
  for (const route of ROUTES) {
    const allowed = route.allowed;
    if (!allowed) continue;
    it(`${titleOf(route)} as ${allowed.caller} → ${allowed.status}`, async () => {
      const response = await send(route, tokenOf(allowed.caller));
      expect(response.status, await response.clone().text()).toBe(allowed.status);
    });
  }
});
