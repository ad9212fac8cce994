// Limits on guessing, on a server of its own with the default budgets and one trusted proxy, so that
// each test can speak as several clients (X-Forwarded-For). Only failures count, per client and per
// account; past a budget an attempt must carry a proof of work (a password) or is answered 429 (an
// unknown bearer token); the right password or a valid token is never refused to someone who was not
// the one failing. A disabled person with the right password is told the account is disabled.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { callAt, createUserAt, signInAs, uniqueEmail } from "./helpers";
import { meets, solve } from "./proof-of-work";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;

beforeAll(async () => {
  // Behind a (pretended) proxy the server counts as reached beyond this machine: no demo password.
  server = await startTestServer({ TRUST_PROXY: "1", DEMO_PASSWORD: "", AUTH_CLIENT_FREE_FAILURES: "10", AUTH_ACCOUNT_FREE_FAILURES: "5" });
}, 120_000);

afterAll(async () => {
  await server?.dispose();
}, 60_000);

let clientCounter = 0;
/** The headers of a client of its own (the trusted proxy names it in X-Forwarded-For). */
function newClient(): Record<string, string> {
  clientCounter += 1;
  return { "x-forwarded-for": `203.0.113.${clientCounter % 250}, 10.${Math.floor(clientCounter / 250)}.${clientCounter % 250}.7` };
}

async function personWithPassword(): Promise<{ id: string; email: string; password: string }> {
  const email = uniqueEmail("person");
  const password = `pw-${randomUUID()}`;
  const { id } = await createUserAt(server, "investor", { email, password });
  return { id, email, password };
}

const signIn = (email: string, password: string, headers: Record<string, string>, fields?: Record<string, string>) =>
  signInAs(email, password, { base: server.baseUrl, headers, fields });

type Challenge = { bits: number; challenge: string | null; expiresAt: number | null };

async function challengeFor(email: string, headers: Record<string, string>): Promise<Challenge> {
  const response = await callAt(server.baseUrl, "POST", "/api/auth/sign-in-challenge", { body: { email }, headers });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Challenge;
}

/** What the sign-in page does: ask whether a proof is needed, make it, then send the form with it. */
async function signInLikeThePage(email: string, password: string, headers: Record<string, string>) {
  const { bits, challenge } = await challengeFor(email, headers);
  const fields = challenge ? { challenge, proof: await solve(challenge, bits) } : undefined;
  return signIn(email, password, headers, fields);
}

describe("signing in with a password", () => {
  it("counts only failures: fifteen right sign-ins in a row from one client all succeed", async () => {
    const person = await personWithPassword();
    const client = newClient();
    for (let attempt = 1; attempt <= 15; attempt += 1) {
      expect((await signIn(person.email, person.password, client)).cookie, `sign-in ${attempt}`).not.toBeNull();
    }
  });

  it("never locks the owner out: after others' wrong passwords the right one still signs in, with a proof of work", async () => {
    const person = await personWithPassword();
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      const outcome = await signIn(person.email, `wrong-${attempt}`, newClient());
      // The account's first failures are answered as wrong; then a guess without a proof is not even tried.
      expect(outcome.code, `guess ${attempt}`).toBe(attempt <= 5 ? "credentials" : "proof_required");
    }
    const owner = newClient();
    const challenge = await challengeFor(person.email, owner);
    expect(challenge.bits).toBeGreaterThanOrEqual(16);
    expect(challenge.bits).toBeLessThanOrEqual(24);
    expect((await signInLikeThePage(person.email, person.password, owner)).cookie).not.toBeNull();
    // The owner's own typos, then the right password: still in.
    const typist = newClient();
    expect((await signInLikeThePage(person.email, "typo-1", typist)).code).toBe("credentials");
    expect((await signInLikeThePage(person.email, person.password, typist)).cookie).not.toBeNull();
  });

  it("slows one client trying many accounts: past its free failures no guess is tried without a proof", async () => {
    const client = newClient();
    const codes: (string | null)[] = [];
    for (let attempt = 1; attempt <= 30; attempt += 1) codes.push((await signIn(uniqueEmail("guess"), "a-guessed-password", client)).code);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill("credentials"));
    expect(codes.slice(10)).toEqual(Array(20).fill("proof_required"));
    // The same client's right password, with the proof the page makes, is still accepted.
    const person = await personWithPassword();
    expect((await signIn(person.email, person.password, client)).code).toBe("proof_required");
    expect((await signInLikeThePage(person.email, person.password, client)).cookie).not.toBeNull();
    // Another client is not slowed by this one.
    expect(await challengeFor(uniqueEmail("fresh"), newClient())).toEqual({ bits: 0, challenge: null, expiresAt: null });
  });

  it("takes a proof for its email once, while fresh, and only when it is right", async () => {
    const client = newClient();
    for (let attempt = 1; attempt <= 11; attempt += 1) await signIn(uniqueEmail("guess"), "a-guessed-password", client);
    const person = await personWithPassword();
    const { bits, challenge } = await challengeFor(person.email, client);
    expect(challenge).toEqual(expect.any(String));
    const proof = await solve(challenge ?? "", bits);
    const other = await personWithPassword();
    expect((await signIn(other.email, other.password, client, { challenge: challenge ?? "", proof })).code).toBe("proof_required");
    let wrongNonce = Number(proof) + 1;
    while (meets(challenge ?? "", wrongNonce, bits)) wrongNonce += 1;
    expect((await signIn(person.email, person.password, client, { challenge: challenge ?? "", proof: String(wrongNonce) })).code).toBe("proof_required");
    expect((await signIn(person.email, person.password, client, { challenge: `${challenge}x`, proof })).code).toBe("proof_required");
    expect((await signIn(person.email, person.password, client, { challenge: challenge ?? "", proof })).cookie).not.toBeNull();
    expect((await signIn(person.email, person.password, client, { challenge: challenge ?? "", proof })).code).toBe("proof_required");
  });

  it("tells a disabled person with the right password that the account is disabled, and a guesser only that the password is wrong", async () => {
    const person = await personWithPassword();
    const disabled = await callAt(server.baseUrl, "PATCH", `/api/router/admin/users/${person.id}`, { token: server.adminToken, body: { disabled: true } });
    expect(disabled.status).toBe(200);
    const client = newClient();
    expect(await signIn(person.email, person.password, client)).toEqual({ cookie: null, code: "account_disabled" });
    expect(await signIn(person.email, "not-the-password", client)).toEqual({ cookie: null, code: "credentials" });
  });
});

describe("bearer tokens", () => {
  const randomToken = () => `tan_${randomBytes(32).toString("base64url")}`;

  it("one client sending unknown tokens meets 429 with Retry-After, while valid tokens, its own included, keep working", async () => {
    const { token } = await createUserAt(server, "investor");
    const client = newClient();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 1; attempt <= 40; attempt += 1) {
      const response = await callAt(server.baseUrl, "GET", "/api/router/finapi/profiles", { token: randomToken(), headers: client });
      statuses.push(response.status);
      if (response.status === 429) {
        retryAfter ??= response.headers.get("retry-after");
        expect((await response.json()) as { code: string }).toMatchObject({ code: "RATE_LIMITED" });
      } else {
        await response.arrayBuffer();
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect((await callAt(server.baseUrl, "GET", "/api/router/finapi/profiles", { token, headers: client })).status).toBe(200);
    expect((await callAt(server.baseUrl, "GET", "/api/router/finapi/profiles", { token: randomToken(), headers: newClient() })).status).toBe(401);

    // The GraphQL socket answers the same client's unknown token with 4429.
    const closed = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${server.baseUrl.replace(/^http/, "ws")}/api/graphql`, "graphql-transport-ws", { headers: client });
      socket.on("open", () => socket.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${randomToken()}` } })));
      socket.on("close", (code) => resolve(code));
      socket.on("error", () => undefined);
    });
    expect(closed).toBe(4429);
  });
});
