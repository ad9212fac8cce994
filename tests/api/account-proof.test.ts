// The account workflow and its proof (decisions.md §2, §3; flows.md "Account proof"): the challenge,
// the 202 with the nonce in Idempotency-Key, the asynchronous verification polled at
// GET /api/operations/{cid}, and each refusal: stale or reused nonce, wrong state, bad signature,
// a bad investorId, someone else's workflow. The database is checked after each.
import { beforeAll, describe, expect, it } from "vitest";
import { generateNonce } from "@/lib/domain/nonce";
import { signHash } from "@/lib/domain/secp256k1";
import { baseUrl, call, countRows, createUser, queryRows } from "./helpers";
import { newKey, type Key } from "./escrow-client";
import { createProfileAt, postAt } from "./router-client";

type Challenge = { cid: string; status: string; signatureTemplate: { hash: string; hashGroups: { hash: string; fields: { name: string; type: string; value: string }[] }[] } };

let investor: { id: string; token: string };
let key: Key;
let profileId: string;

beforeAll(async () => {
  investor = await createUser("investor");
  key = newKey();
  profileId = await createProfileAt({ baseUrl: baseUrl() }, key, investor.token);
});

const server = () => ({ baseUrl: baseUrl() });

async function start(account: unknown = { type: "finId", finId: key.finId, orgId: "escrow" }, token = investor.token, id = profileId): Promise<Challenge> {
  const answer = await postAt(server(), `/api/profiles/investor/${id}/account`, token, { account });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as unknown as Challenge;
}

function prove(challenge: Challenge, signer: Key = key, nonce = generateNonce(), id = profileId, token = investor.token) {
  return postAt(server(), `/api/profiles/investor/${id}/account/proof`, token, { cid: challenge.cid, ownershipSignature: signHash(challenge.signatureTemplate.hash, signer.privateKey) }, { "idempotency-key": nonce });
}

async function finished(cid: string, token = investor.token, timeoutMs = 10_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await call("GET", `/api/operations/${cid}`, { token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    if (body.isCompleted || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function workflowStatus(cid: string): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(`SELECT "status" FROM "AccountWorkflow" WHERE "id" = $1`, [cid]);
  return row?.status;
}

describe("account workflow", () => {
  it("issues a challenge naming the investor and the account, then verifies the proof asynchronously", async () => {
    const challenge = await start();
    expect(challenge).toEqual({ cid: expect.stringMatching(/^[0-9a-f-]{36}$/), status: "AWAITING_PROOF_SUBMISSION", signatureTemplate: expect.any(Object) });
    const fields = challenge.signatureTemplate.hashGroups[0]?.fields ?? [];
    expect(fields.map((f) => f.name)).toEqual(["nonce", "operation", "investorId", "accountType", "account", "orgId"]);
    expect(fields.find((f) => f.name === "investorId")?.value).toBe(profileId);
    expect(await finished(challenge.cid, investor.token, 0)).toEqual({ cid: challenge.cid, isCompleted: false, type: "proof", response: {} });

    const nonce = generateNonce();
    const accepted = await prove(challenge, key, nonce);
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.body).toEqual({ cid: challenge.cid, isCompleted: false, type: "proof" });
    expect(await finished(challenge.cid)).toEqual({ cid: challenge.cid, isCompleted: true, type: "proof", response: { status: "VERIFIED" } });
    expect(await workflowStatus(challenge.cid)).toBe("VERIFIED");

    // The same proof again (same nonce, same body): the same 202, nothing new.
    const nonces = await countRows("UsedNonce");
    const again = await postAt(server(), `/api/profiles/investor/${profileId}/account/proof`, investor.token, JSON.parse(JSON.stringify({ cid: challenge.cid, ownershipSignature: signHash(challenge.signatureTemplate.hash, key.privateKey) })), { "idempotency-key": nonce });
    expect(again.status).toBe(202);
    expect(await countRows("UsedNonce")).toBe(nonces);
    // A new proof for a finished workflow: wrong state.
    const late = await prove(challenge);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("STATE_CONFLICT");
  });

  it("rejects a proof signed by another key: the operation completes with an error, the workflow REJECTED", async () => {
    const challenge = await start();
    const accepted = await prove(challenge, newKey());
    expect(accepted.status).toBe(202);
    const done = await finished(challenge.cid);
    expect(done).toEqual({ cid: challenge.cid, isCompleted: true, type: "proof", error: { Code: 40, Message: expect.stringContaining("does not verify") } });
    expect(await workflowStatus(challenge.cid)).toBe("REJECTED");
  });

  it("proves an IBAN with the profile's own key", async () => {
    const challenge = await start({ type: "iban", code: "DE89 3704 0044 0532 0130 00" });
    expect(challenge.signatureTemplate.hashGroups[0]?.fields.find((f) => f.name === "account")?.value).toBe("DE89370400440532013000");
    expect((await prove(challenge)).status).toBe(202);
    expect(await finished(challenge.cid)).toMatchObject({ response: { status: "VERIFIED" } });
  });

  it("refuses stale, missing, malformed and reused nonces, writing nothing", async () => {
    const challenge = await start();
    const before = { nonces: await countRows("UsedNonce"), audit: await countRows("AuditLog") };
    const stale = await prove(challenge, key, generateNonce(Math.floor(Date.now() / 1000) - 301));
    expect(stale.status).toBe(422);
    expect(stale.body).toMatchObject({ code: "STALE_NONCE", errors: [{ in: "headers", path: "idempotency-key" }] });
    const future = await prove(challenge, key, generateNonce(Math.floor(Date.now() / 1000) + 400));
    expect(future.body.code).toBe("STALE_NONCE");
    const missing = await postAt(server(), `/api/profiles/investor/${profileId}/account/proof`, investor.token, { cid: challenge.cid, ownershipSignature: signHash(challenge.signatureTemplate.hash, key.privateKey) });
    expect(missing.status).toBe(400);
    const malformed = await prove(challenge, key, "abc");
    expect(malformed.status).toBe(400);
    expect(await countRows("UsedNonce")).toBe(before.nonces);
    expect(await countRows("AuditLog")).toBe(before.audit);
    expect(await workflowStatus(challenge.cid)).toBe("AWAITING_PROOF_SUBMISSION");

    // A nonce this signer already used (for another workflow's proof) is refused.
    const used = generateNonce();
    const other = await start();
    expect((await prove(other, key, used)).status).toBe(202);
    const reused = await prove(challenge, key, used);
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe("NONCE_REUSED");
    expect(await workflowStatus(challenge.cid)).toBe("AWAITING_PROOF_SUBMISSION");
    // The same nonce with another body for the same workflow: 409 too.
    const otherBody = await postAt(server(), `/api/profiles/investor/${profileId}/account/proof`, investor.token, { cid: other.cid, ownershipSignature: "11".repeat(64) }, { "idempotency-key": used });
    expect(otherBody.status).toBe(409);
  });

  it("checks the investorId pattern, the owner and the workflow's profile", async () => {
    const challenge = await start();
    for (const id of ["not-an-investor", "node:102:abc", `${"x".repeat(140)}:101:abcdefghij`]) {
      const answer = await postAt(server(), `/api/profiles/investor/${encodeURIComponent(id)}/account/proof`, investor.token, { cid: challenge.cid, ownershipSignature: "11".repeat(64) }, { "idempotency-key": generateNonce() });
      expect(answer.status, id).toBe(400);
      expect(answer.body.code).toBe("INVALID_ID");
    }
    const other = await createUser("investor");
    const otherKey = newKey();
    const otherProfile = await createProfileAt(server(), otherKey, other.token);
    expect((await prove(challenge, key, generateNonce(), profileId, other.token)).status).toBe(404);
    expect((await prove(challenge, key, generateNonce(), otherProfile, other.token)).status).toBe(404);
    expect((await postAt(server(), `/api/profiles/investor/${profileId}/account`, other.token, { account: { type: "iban", code: "DE89370400440532013000" } })).status).toBe(404);
    expect((await call("GET", `/api/operations/${challenge.cid}`, { token: other.token })).status).toBe(404);
    expect((await prove(challenge, key, generateNonce(), "node:101:00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect(await workflowStatus(challenge.cid)).toBe("AWAITING_PROOF_SUBMISSION");
  });
});
