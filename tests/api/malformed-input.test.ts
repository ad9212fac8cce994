// Malformed input against every JSON write route (router, account proof, admin, ledger import, the
// built-in adapter, assets, intents, executions, signatures and the signing callback; GraphQL and
// next-auth aside), sent with a valid token of the right role, so the only thing wrong is the input. fast-check generates arbitrary JSON, valid bodies with one field
// replaced by something of the wrong type or an odd value, text that is not JSON or is cut short,
// bad path ids and wrong content types. The properties (decisions.md §7): the server never answers
// 5xx; every answer that is not 2xx is a problem document whose `status` is the HTTP status and
// which carries a `code`; and a refused (4xx) request writes nothing.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROBLEM_CONTENT_TYPE } from "@/lib/domain/app-error";
import { generateNonce } from "@/lib/domain/nonce";
import { signHash } from "@/lib/domain/secp256k1";
import { profileProofHash } from "@/lib/domain/signature-template";
import { adminToken, call, callOversized, createUser, uniqueEmail } from "./helpers";
import { depositBody, holdBody, inSeconds, newKey, party, payoutBody, planId, referenceIn, releaseBody, rollbackBody, usd, type Envelope } from "./escrow-client";
import { expectReconciled } from "./reconciliation";
import { depositRequest, withdrawRequest } from "./router-client";
import {
  assetBody,
  closeRowCounts,
  countChanges,
  expectProblem,
  kycCertificate,
  newInvestor,
  newMarket,
  primarySaleBody,
  purchaseBody,
  rowCounts,
  serverLogFor,
  serverLogSize,
  settled,
  sharedServer,
  signatureIds,
  signatureResultBody,
  type Investor,
  type Market,
} from "./fixtures";
import { finishedPlan } from "./trade-client";

/** Runs per property; FUZZ_RUNS=500 searches deeper (the default keeps the file near a minute). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

type Ids = {
  profileId: string;
  workflowCid: string;
  depositCid: string;
  escrowCid: string;
  /** An incoming credit credited at once: approving or declining it is 409, so no fuzzed body changes it. */
  creditId: string;
  orgId: string;
  assetId: string;
  toggleIntentId: string;
};
/** "public": no credentials (the signing callback does not look at them). */
type Caller = "investor" | "issuer" | "admin" | "organization" | "escrowOperator" | "public";

type JsonRoute = {
  method: "POST" | "PATCH" | "PUT";
  /** {placeholders} filled from the fixture's ids (or one of them by a generated bad id). */
  path: string;
  caller: Caller;
  /** A body the route accepts (fresh on every call: nonces, emails and ids must not repeat). */
  valid: () => Record<string, unknown>;
  /** Top-level fields left alone when one field is replaced (see the organizations route). */
  keep?: readonly string[];
  headers?: () => Record<string, string>;
};

let ids: Ids;
/** A payment organization keeping USD, whose accounts the valid ledger import credits (the built-in escrow's take only its own reports). */
const ledgerBankId = `fuzz-bank-${randomUUID().slice(0, 8)}`;
let investor: Investor;
let market: Market;
let tokens: Record<Caller, string | null>;

const INTENT = "/api/router/finapi/profiles/asset/{assetId}/intent";
const NO_USER = "00000000-0000-4000-8000-000000000000";

const ROUTES: readonly JsonRoute[] = [
  // Router.
  {
    method: "POST",
    path: "/api/router/finapi/profiles/owner",
    caller: "investor",
    valid: () => {
      const key = newKey();
      return { publicKey: key.finId, signature: signHash(profileProofHash(key.finId), key.privateKey) };
    },
  },
  { method: "POST", path: "/api/router/finapi/profiles/{profileId}/certificates", caller: "investor", valid: () => kycCertificate() },
  { method: "POST", path: "/api/router/profiles/{profileId}/share", caller: "investor", valid: () => ({ organizations: ["escrow"] }) },
  { method: "POST", path: "/api/router/finapi/payments/deposit", caller: "investor", valid: () => depositRequest(investor.profileId, investor.key, "10") },
  {
    method: "POST",
    path: "/api/router/finapi/payments/withdraw",
    caller: "investor",
    valid: () => withdrawRequest(investor.profileId, investor.key, "5"),
  },
  { method: "POST", path: "/api/router/operations/status/{depositCid}", caller: "investor", valid: () => ({}) },
  // Account proof.
  {
    method: "POST",
    path: "/api/profiles/investor/{profileId}/account",
    caller: "investor",
    valid: () => ({ account: { type: "finId", finId: investor.key.finId, orgId: "escrow" } }),
  },
  {
    method: "POST",
    path: "/api/profiles/investor/{profileId}/account/proof",
    caller: "investor",
    valid: () => ({ cid: ids.workflowCid, ownershipSignature: "ab".repeat(64) }),
    headers: () => ({ "idempotency-key": generateNonce() }),
  },
  // Admin and the ledger import.
  { method: "POST", path: "/api/router/admin/users", caller: "admin", valid: () => ({ email: uniqueEmail("fuzz"), name: "Fuzz", role: "investor" }) },
  // No such user: a body that passes the schema is answered 404, so no fuzzed body disables anyone.
  { method: "PATCH", path: `/api/router/admin/users/${NO_USER}`, caller: "admin", valid: () => ({ disabled: true }) },
  { method: "POST", path: `/api/router/admin/users/${NO_USER}/tokens`, caller: "admin", valid: () => ({ label: "Fuzz" }) },
  // The id is the built-in escrow's, so a body that passes the schema still changes nothing (409);
  // it is never replaced, so a generated id can never register an organization other test files would see.
  {
    method: "POST",
    path: "/api/router/admin/organizations",
    caller: "admin",
    valid: () => ({ id: "escrow", name: "Fuzz", kind: "escrow", adapterUrl: "https://adapter.fuzz.example/api", currencies: [{ code: "USD", minorUnits: 2 }] }),
    keep: ["id"],
  },
  // No such organization: a body that passes the schema is answered 404.
  { method: "PATCH", path: "/api/router/admin/organizations/{orgId}", caller: "admin", valid: () => ({ name: "Renamed", currencies: [{ code: "EUR", minorUnits: 2 }] }) },
  {
    method: "POST",
    path: "/api/router/ledger/transaction/import",
    caller: "admin",
    valid: () => {
      const finId = newKey().finId;
      return {
        transactions: [
          { id: randomUUID(), asset: usd, quantity: "1", timestamp: inSeconds(0), destination: party(finId, ledgerBankId), settlementRef: "", transactionDetails: { transactionId: "fuzz" } },
        ],
      };
    },
  },
  // The built-in adapter.
  { method: "POST", path: "/api/adapter/assets/hold", caller: "organization", valid: () => holdBody({ buyer: newKey(), seller: newKey().finId, quantity: "10" }) },
  {
    method: "POST",
    path: "/api/adapter/assets/release",
    caller: "organization",
    valid: () => {
      const seller = newKey().finId;
      return releaseBody(holdBody({ buyer: newKey(), seller, quantity: "10" }), seller);
    },
  },
  { method: "POST", path: "/api/adapter/assets/rollback", caller: "organization", valid: () => rollbackBody(holdBody({ buyer: newKey(), seller: newKey().finId, quantity: "10" })) },
  { method: "POST", path: "/api/adapter/finapi/payments/payout", caller: "organization", valid: () => payoutBody(newKey(), "5") },
  { method: "POST", path: "/api/adapter/payments/depositInstruction", caller: "organization", valid: () => depositBody(newKey(), "5") },
  { method: "POST", path: "/api/adapter/plan/approve", caller: "organization", valid: () => ({ executionPlanId: planId() }) },
  { method: "POST", path: "/api/adapter/operations/{escrowCid}", caller: "organization", valid: () => ({}) },
  { method: "POST", path: "/api/adapter/operator/incoming", caller: "escrowOperator", valid: () => ({ reference: "ESC-FUZZ0001", amount: "1", currency: "USD" }) },
  { method: "POST", path: "/api/adapter/operator/incoming/{creditId}/approve", caller: "escrowOperator", valid: () => ({}) },
  { method: "POST", path: "/api/adapter/operator/incoming/{creditId}/decline", caller: "escrowOperator", valid: () => ({ reason: "not a payment we expected" }) },
  // Assets and intents: the market's issuer, its asset, and a primary sale kept for disable and enable
  // (the execution below buys from another one, so a disabled toggle intent never refuses it).
  { method: "POST", path: "/api/router/finapi/profiles/asset", caller: "issuer", valid: () => assetBody(market.issuer) },
  { method: "POST", path: INTENT, caller: "issuer", valid: () => primarySaleBody(market.issuer, market.assetId) },
  { method: "PUT", path: `${INTENT}/{toggleIntentId}/disable`, caller: "issuer", valid: () => ({}) },
  { method: "PUT", path: `${INTENT}/{toggleIntentId}/enable`, caller: "issuer", valid: () => ({}) },
  // Trades. A valid execution is accepted and its plan runs (sendAndCheck waits for it to finish).
  { method: "POST", path: "/api/router/finapi/tokens/execute", caller: "investor", valid: () => purchaseBody(market, investor) },
  // The signing request was answered in beforeAll, so the valid body is a repeat (200, nothing
  // written) and any other signature is 409: a wrong signature for a request still waiting would be
  // refused 422 *and* reject the plan (README "Trades"), which is not a refusal that writes nothing.
  { method: "POST", path: "/api/router/finapi/tokens/signature-result", caller: "investor", valid: () => signatureResultBody(market, investor) },
  // Likewise answered, so a valid decline is 409 (signed already): a refusal that writes nothing.
  { method: "POST", path: "/api/router/finapi/tokens/signature-result/decline", caller: "investor", valid: () => ({ ...signatureIds(market), reason: "Not at this price." }) },
  // Public: the genuine request (acknowledged again, nothing written); anything else is not one the router made.
  // It reads its body as text (the HMAC covers the raw bytes) and has so far taken it under any
  // Content-Type, so its two 415 checks fail until it refuses a body that is not application/json
  // as readJsonBody does for every other route (README: UNSUPPORTED_MEDIA_TYPE).
  { method: "POST", path: "/api/signing/callback/{profileId}", caller: "public", valid: () => ({ ...market.signing }) },
  // Public: the demo market's signer; this server has no demo market, so every request is refused and nothing written.
  { method: "POST", path: "/api/signing/demo-market/{profileId}", caller: "public", valid: () => ({ ...market.signing }) },
  // Public: how much proof of work a sign-in for this email needs first (it writes nothing at all).
  { method: "POST", path: "/api/auth/sign-in-challenge", caller: "public", valid: () => ({ email: uniqueEmail("sign-in") }) },
];

const placeholdersOf = (route: JsonRoute) => [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as keyof Ids);
const placeholderOf = (route: JsonRoute) => placeholdersOf(route).at(-1);

/** The route's path with its ids; `segment` (a bad id) in place of the placeholder `which` (the last one unless told). */
function pathOf(route: JsonRoute, segment?: string, which: keyof Ids | undefined = placeholderOf(route)): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: keyof Ids) => (segment !== undefined && name === which ? segment : ids[name]));
}

// ---------------------------------------------------------------------------------------------
// Generators.

/** Numbers at the edges: not integers, not safe integers, beyond Date, negative zero, huge. */
const edgeNumbers = fc.constantFrom(0, -0, -1, 0.5, 1e-7, 2 ** 31, 2 ** 53 - 1, 2 ** 53 + 2, 2 ** 64, 8.64e15 + 1, 1e21, 1e308, -1e308, Number.MIN_VALUE);

/** Strings no schema expects: empty, blank, NUL, lone surrogates, bidi overrides, combining marks, astral, long. */
const oddStrings = fc.oneof(
  fc.constantFrom("", " ", "\t\n", "\u0000", "\ud800", "\udfff", "a\ud83d", "\u202e\u2066", "e\u0301\u0301\u0301", "𝕏𝕐", "\ufeff", "\uffff", "null", "__proto__", "x".repeat(5_000)),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
);

/** Whatever JSON value fc.anything() turns into (undefined becomes null). */
const anythingAsJson = fc.anything({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value) ?? "null") as unknown);

const nestedArrays = fc.integer({ min: 1, max: 200 }).map((depth) => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`) as unknown);

const protoKeyed = fc.constantFrom(
  JSON.parse('{"__proto__": {"role": "admin", "isAdmin": true}}') as unknown,
  JSON.parse('{"constructor": {"prototype": {"polluted": true}}}') as unknown,
);

/** A value of the wrong type or shape for any field. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}),
  edgeNumbers,
  fc.double(),
  oddStrings,
  nestedArrays,
  protoKeyed,
  anythingAsJson,
  fc.jsonValue({ maxDepth: 3 }),
);

type JsonPath = (string | number)[];

/** Every path into a JSON value (objects and arrays too, so a whole sub-object can be replaced). */
function pathsOf(value: unknown, prefix: JsonPath = []): JsonPath[] {
  const here = prefix.length > 0 ? [prefix] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => pathsOf(item, [...prefix, i]))];
  if (value !== null && typeof value === "object") {
    return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
  }
  return here;
}

function withValueAt(body: unknown, path: JsonPath, replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(body)) return body.map((item, i) => (i === head ? withValueAt(item, rest, replacement) : item));
  const object = body as Record<string, unknown>;
  // Object.defineProperty, so a key named __proto__ becomes an own property like JSON.parse makes it.
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(object)) Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
  Object.defineProperty(copy, String(head), { value: withValueAt(object[head], rest, replacement), enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A valid body with one field replaced, or one unknown key added, or one key removed. */
function mutatedBody(route: JsonRoute): fc.Arbitrary<{ body: unknown; how: string }> {
  const keep = new Set(route.keep ?? []);
  const sample = route.valid();
  const paths = pathsOf(sample).filter((p) => !keep.has(String(p[0])));
  const replaced =
    paths.length === 0
      ? fc.constant({ body: sample as unknown, how: "valid" })
      : fc.tuple(fc.constantFrom(...paths), wrongValue).map(([path, value]) => ({ body: withValueAt(route.valid(), path, value), how: `${path.join(".")} := ${show(value)}` }));
  const extraKey = fc
    .tuple(fc.oneof(fc.constantFrom("__proto__", "constructor", "prototype", "toString"), fc.string({ unit: "binary", maxLength: 10 })), wrongValue)
    .map(([key, value]) => ({ body: withValueAt(route.valid(), [key], value), how: `added ${JSON.stringify(key)}` }));
  const topKeys = Object.keys(sample).filter((k) => !keep.has(k));
  const removed =
    topKeys.length === 0
      ? fc.constant({ body: [] as unknown, how: "an array for an object" })
      : fc.constantFrom(...topKeys).map((key) => {
          const body = { ...route.valid() };
          delete body[key];
          return { body: body as unknown, how: `removed ${key}` };
        });
  return fc.oneof({ arbitrary: replaced, weight: 4 }, { arbitrary: extraKey, weight: 1 }, { arbitrary: removed, weight: 1 });
}

/** Text that is not JSON, or JSON cut short. */
function notJson(route: JsonRoute): fc.Arbitrary<string> {
  const truncated = fc.nat().map((n) => {
    const text = JSON.stringify(route.valid());
    return text.slice(0, 1 + (n % Math.max(1, text.length - 1)));
  });
  return fc.oneof(
    truncated,
    fc.constantFrom("undefined", "NaN", "{'a': 1}", '{"a": 1,}', "[1, 2", "{\"a\": \"\\x41\"}", "\u0000", "\ufeff{}", "{}{}", "--", "<xml/>", '{"a": 01}', "1e99999"),
    fc.string({ unit: "binary", minLength: 1, maxLength: 60 }),
  );
}

/** Path ids no route issued. "." and ".." (and the empty id) are left out: URLs resolve them before any route is chosen. */
const badSegment: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }).map((s) => encodeURIComponent(s)),
  // encodeURIComponent throws on a lone surrogate; those are sent in bodies instead.
  fc.string({ unit: "binary", minLength: 1, maxLength: 60 }).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/gu, "\ufffd"))),
  fc.string({ minLength: 151, maxLength: 2_000 }).map((s) => encodeURIComponent(s)),
  fc.constantFrom("..%2F", "..%2F..%2Fetc%2Fpasswd", "node:101:..%2F..", "%00", "node%3A101%3Ax", "%F0%9F%92%A9", "__proto__", "constructor", "%20", "a%2Fb", "node:101:" + "f".repeat(200)),
).filter((s) => s !== "." && s !== "..");

/** Content types that are not JSON, and a few random ones. */
const contentType: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("text/plain", "text/plain; charset=utf-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "text/json", "application/jsonx", "application/octet-stream", "json", "*/*"),
  fc.string({ minLength: 1, maxLength: 40 }).filter((s) => /^[\x21-\x7e][\x20-\x7e]*$/.test(s)),
);

const isJsonMediaType = (header: string) => {
  const mediaType = header.split(";")[0]?.trim().toLowerCase() ?? "";
  return mediaType === "application/json" || /^application\/[\w.+-]+\+json$/.test(mediaType);
};

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

// ---------------------------------------------------------------------------------------------
// The property.

type Sent = { path: string; body?: string; contentType?: string };

/** Sends one request and checks it: no 5xx, problem documents for refusals, nothing written by a 4xx. */
async function sendAndCheck(route: JsonRoute, sent: Sent, what: string): Promise<Response> {
  const before = await rowCounts();
  const logOffset = serverLogSize();
  const headers: Record<string, string> = { ...route.headers?.() };
  if (sent.contentType !== undefined) headers["content-type"] = sent.contentType;
  const response = await call(route.method, sent.path, { token: tokens[route.caller], rawBody: sent.body, headers });
  const text = await response.text();
  const label = `${route.method} ${sent.path.slice(0, 200)} with ${what}: ${response.status} ${text.slice(0, 300)}`;
  if (response.status >= 500) {
    throw new Error(`${label}\n--- server log ---\n${await serverLogFor(response.headers.get("x-request-id"), logOffset)}`);
  }
  if (response.status >= 300) {
    expect(response.headers.get("content-type"), label).toBe(PROBLEM_CONTENT_TYPE);
    const problem = JSON.parse(text) as { status?: unknown; code?: unknown };
    expect(problem.status, label).toBe(response.status);
    expect(problem.code, label).toMatch(/^[A-Z_]+$/);
  }
  if (response.status >= 400) expect(countChanges(before, await rowCounts()), `${label} wrote rows`).toEqual([]);
  // An accepted execution starts a plan: let it finish before the next request's counts are taken.
  if (response.status < 300) await settled();
  return new Response(text, { status: response.status, headers: response.headers });
}

const assertProperty = <T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<unknown>) =>
  fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      await predicate(value);
    }),
    { numRuns: RUNS },
  );

beforeAll(async () => {
  await settled();
  investor = await newInvestor();
  const [organization, escrowOperator] = await Promise.all([createUser("organization"), createUser("escrowOperator")]);
  const bank = await call("POST", "/api/router/admin/organizations", {
    token: adminToken(),
    body: { id: ledgerBankId, name: "Fuzz Bank", kind: "escrow", adapterUrl: "https://adapter.fuzz-bank.example/api", currencies: [{ code: "USD", minorUnits: 2 }] },
  });
  expect(bank.status, await bank.clone().text()).toBe(201);
  market = await newMarket(investor);
  tokens = { investor: investor.token, issuer: market.issuer.token, admin: adminToken(), organization: organization.token, escrowOperator: escrowOperator.token, public: null };
  // The investor signs the request in its inbox: the counterparty's plan completes, and the same
  // signature-result is from now on a repeat.
  const signed = await call("POST", "/api/router/finapi/tokens/signature-result", { token: investor.token, body: signatureResultBody(market, investor) });
  expect(signed.status, await signed.clone().text()).toBe(200);
  const plan = await finishedPlan(sharedServer(), investor.token, market.pendingPlanId);
  expect(plan.executionPlanStatus, plan.failureReason).toBe("completed");

  const deposit = await call("POST", "/api/router/finapi/payments/deposit", { token: investor.token, body: depositRequest(investor.profileId, investor.key, "1") });
  expect(deposit.status).toBe(200);
  const workflow = await call("POST", `/api/profiles/investor/${investor.profileId}/account`, {
    token: investor.token,
    body: { account: { type: "finId", finId: investor.key.finId, orgId: "escrow" } },
  });
  expect(workflow.status).toBe(200);
  const instruction = await call("POST", "/api/adapter/payments/depositInstruction", { token: organization.token, body: depositBody(newKey(), "1") });
  expect(instruction.status).toBe(200);
  const instructed = (await instruction.json()) as Envelope;
  const credit = await call("POST", "/api/adapter/operator/incoming", { token: escrowOperator.token, body: { reference: referenceIn(instructed), amount: "1", currency: "USD" } });
  expect(credit.status, await credit.clone().text()).toBe(201);
  ids = {
    profileId: investor.profileId,
    depositCid: ((await deposit.json()) as { cid: string }).cid,
    workflowCid: ((await workflow.json()) as { cid: string }).cid,
    escrowCid: instructed.cid,
    creditId: ((await credit.json()) as { id: string }).id,
    orgId: "fuzz-no-such-organization",
    assetId: market.assetId,
    toggleIntentId: market.toggleIntentId,
  };
  await settled();
}, 120_000);

afterAll(async () => {
  await settled();
  await closeRowCounts();
  await expectReconciled();
});

for (const route of ROUTES) {
  describe(`${route.method} ${route.path}`, () => {
    it("arbitrary JSON values", async () => {
      await assertProperty(fc.jsonValue(), (value) => sendAndCheck(route, { path: pathOf(route), body: JSON.stringify(value) }, `body ${show(value)}`));
    });

    it("a valid body with one field of the wrong type or an odd value, an extra key or a missing one", async () => {
      await assertProperty(mutatedBody(route), ({ body, how }) => sendAndCheck(route, { path: pathOf(route), body: JSON.stringify(body) }, how));
    });

    it("text that is not JSON, or is cut short", async () => {
      await assertProperty(notJson(route), (text) => sendAndCheck(route, { path: pathOf(route), body: text }, `raw ${show(text)}`));
    });

    it("a valid body with a content type that is not JSON (415)", async () => {
      await assertProperty(contentType, async (type) => {
        const response = await sendAndCheck(route, { path: pathOf(route), body: JSON.stringify(route.valid()), contentType: type }, `content-type ${show(type)}`);
        if (!isJsonMediaType(type)) expect(response.status, type).toBe(415);
      });
    });

    const placeholders = placeholdersOf(route);
    if (placeholders.length > 0) {
      it("bad ids in the path", async () => {
        await assertProperty(fc.tuple(fc.constantFrom(...placeholders), badSegment), ([which, segment]) =>
          sendAndCheck(route, { path: pathOf(route, segment, which), body: JSON.stringify(route.valid()) }, `${which} ${show(segment)}`),
        );
      });
    }
  });
}

describe("limits", () => {
  // Routes on the default limit (BODY_LIMIT_BYTES, 1 MiB) and two with their own, smaller ones.
  const oversized = ROUTES.filter((r) =>
    [
      "/api/router/finapi/payments/deposit",
      "/api/router/finapi/payments/withdraw",
      "/api/profiles/investor/{profileId}/account",
      "/api/adapter/assets/hold",
      "/api/router/admin/users",
      "/api/router/finapi/profiles/{profileId}/certificates",
      "/api/router/finapi/tokens/execute",
      "/api/signing/callback/{profileId}",
    ].includes(r.path),
  );

  it.each(oversized.map((r) => [`${r.method} ${r.path}`, r] as const))("%s refuses a body over 1 MiB with 413 and writes nothing", async (_, route) => {
    const before = await rowCounts();
    const body = JSON.stringify({ ...route.valid(), padding: "x".repeat(1024 * 1024 + 1) });
    // Answered before the body is read: on a socket of its own, read as soon as it comes.
    const response = await callOversized(route.method, pathOf(route), { token: tokens[route.caller], body, headers: route.headers?.() });
    expect((await expectProblem(response, 413, route.path)).code).toBe("PAYLOAD_TOO_LARGE");
    expect(countChanges(before, await rowCounts())).toEqual([]);
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))("%s refuses a valid body sent as text/plain with 415", async (_, route) => {
    const before = await rowCounts();
    const response = await call(route.method, pathOf(route), {
      token: tokens[route.caller],
      rawBody: JSON.stringify(route.valid()),
      headers: { ...route.headers?.(), "content-type": "text/plain" },
    });
    expect((await expectProblem(response, 415, route.path)).code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(countChanges(before, await rowCounts())).toEqual([]);
  });
});

// A withdrawal pays money out, so it is a signed operation: left unsigned it is malformed, refused
// before anything is recorded or sent to the payment organization (an Idempotency-Key is no signature).
describe("signed operations", () => {
  it.each([
    ["no nonce and no signature", {}],
    ["an Idempotency-Key instead of a signature", { "idempotency-key": `fuzz-${randomUUID()}` }],
  ] as const)("POST /api/router/finapi/payments/withdraw with %s is 400 naming both, nothing written", async (_, headers) => {
    const route = routeAt("POST", "/api/router/finapi/payments/withdraw");
    const body = route.valid();
    delete body.nonce;
    delete body.signature;
    const before = await rowCounts();
    const response = await call(route.method, pathOf(route), { token: tokens[route.caller], body, headers });
    const problem = await expectProblem(response, 400, "an unsigned withdrawal");
    expect(problem.errors?.map((e) => e.path).sort()).toEqual(["nonce", "signature"]);
    expect(countChanges(before, await rowCounts())).toEqual([]);
  });
});

// Found by the properties above and pinned here, so they fail every run until fixed rather than when
// a seed happens to find them. Each is held to the same property (no 5xx, a problem document for a
// refusal, nothing written by a 4xx); what a fix should answer is in the comments.
describe("inputs that have made the server answer 500", () => {
  const certificates = () => routeAt("POST", "/api/router/finapi/profiles/{profileId}/certificates");
  const hazards: [string, () => JsonRoute, () => Record<string, unknown>][] = [
    // JSON.parse turns "\ud800" into a lone UTF-16 surrogate, which Prisma's query engine refuses
    // ("JSON Error: unexpected end of hex escape"), in a write or a lookup alike. Should be 400.
    ["a lone surrogate in a user's name", () => routeAt("POST", "/api/router/admin/users"), () => ({ email: uniqueEmail("fuzz"), name: "A\ud800", role: "investor" })],
    ["a lone surrogate in an incoming payment's reference", () => routeAt("POST", "/api/adapter/operator/incoming"), () => ({ reference: "ESC-\udfff", amount: "1", currency: "USD" })],
    // The surrogate in the data string itself (JSON.stringify of an object would escape it as text).
    ["a lone surrogate in a certificate's data", certificates, () => ({ ...kycCertificate(), data: '{"name": "A\ud800", "country": "DE", "info": []}' })],
    // PostgreSQL only: text columns cannot hold U+0000 ("invalid byte sequence for encoding UTF8: 0x00").
    ["a NUL character in a user's name", () => routeAt("POST", "/api/router/admin/users"), () => ({ email: uniqueEmail("fuzz"), name: "A\u0000B", role: "investor" })],
    // PostgreSQL only: epoch seconds live in INTEGER columns, which end at 2147483647 (2038-01-19);
    // the schema allows any safe integer. A certificate valid until 2040 should simply be stored.
    ["a certificate that expires in 2040", certificates, () => ({ ...kycCertificate(), expirationDate: 2_208_988_800 })],
    ["a certificate that expires after the year 275760", certificates, () => ({ ...kycCertificate(), expirationDate: 8_640_000_000_001 })],
  ];

  it.each(hazards)("%s is answered without a 5xx", async (what, route, body) => {
    await sendAndCheck(route(), { path: pathOf(route()), body: JSON.stringify(body()) }, what);
  });

  // Next decodes path parameters with decodeURIComponent; a segment that is not valid percent-encoded
  // UTF-8 throws its DecodeError, which it means to answer 400 but answers with a bare 500 text/plain
  // (and logs nothing). Should be a 400 problem document, as for any other malformed id.
  const undecodable = ["%", "%zz", "%E0%A4%A", "%ED%A0%80"];

  it.each(ROUTES.filter((r) => placeholderOf(r)).map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s answers an id that is not valid percent-encoding with a 400 problem document",
    async (_, route) => {
      const answers: string[] = [];
      const expected: string[] = [];
      for (const which of placeholdersOf(route)) {
        for (const segment of undecodable) {
          const response = await call(route.method, pathOf(route, segment, which), { token: tokens[route.caller], body: route.valid(), headers: route.headers?.() });
          answers.push(`${which} ${segment}: ${response.status} ${response.headers.get("content-type")}`);
          expected.push(`${which} ${segment}: 400 ${PROBLEM_CONTENT_TYPE}`);
        }
      }
      expect(answers).toEqual(expected);
    },
  );
});

function routeAt(method: JsonRoute["method"], path: string): JsonRoute {
  const route = ROUTES.find((r) => r.method === method && r.path === path);
  if (!route) throw new Error(`no route ${method} ${path} in the table`);
  return route;
}
