// A model of the built-in escrow, checked against the real adapter over HTTP: a seeded random
// sequence of 1,500 operations by two router organizations (this node's and another) on four
// investors' accounts (fund, hold, release, rollback, payout, polls and exact repeats, some under
// shared Idempotency-Keys, some naming another's hold or a hold's operationId again, some with a
// destination or quantity the buyer did not sign). Before each request the model says what must
// come back: the first answer again for a repeat of a key with its body, 409 for a key bound to
// another body, otherwise the operation's own outcome; a refusal binds no key. After every few
// steps every account is compared with the model, and at the end the books must balance.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { canonicalJson } from "@/lib/domain/canonical-json";
import { adminToken, baseUrl, call, queryRows } from "./helpers";
import {
  EscrowClient,
  holdBody,
  newKey,
  payoutBody,
  registerOrganization,
  releaseBody,
  rollbackBody,
  type Envelope,
  type HoldBody,
  type Key,
} from "./escrow-client";

const SEED = 20261125;
const STEPS = 1_500;
const INVESTORS = 4;
const ORGS = ["node", "foreign"] as const;
type Org = (typeof ORGS)[number];
type Kind = "hold" | "release" | "rollback" | "payout";

/** A request as sent: who, where, the body and the Idempotency-Key header (or none). */
type Sent = { org: Org; kind: Kind; body: Record<string, unknown>; headerKey: string | null };
/** What the escrow recorded for a request the model expects it to accept. */
type Recorded = { answer: Envelope; succeeded: boolean; signature: string | null };
type Hold = { quantity: bigint; buyer: number; plan: string; signedSeller: number; status: "HELD" | "RELEASED" | "ROLLED_BACK" };
type Expectation = { status: 200; repeatOf?: Recorded; code?: number; moves?: () => void } | { status: 409 };

const PATHS: Record<Kind, string> = { hold: "/assets/hold", release: "/assets/release", rollback: "/assets/rollback", payout: "/finapi/payments/payout" };
const CODES: Record<Kind, number> = { hold: 11, release: 12, rollback: 13, payout: 22 };
const units = (amount: string) => BigInt(amount);

/** The escrow as it should be: accounts in whole USD, holds by owner and operationId, keys by owner. */
class EscrowModel {
  readonly available: bigint[] = Array.from({ length: INVESTORS }, () => 0n);
  readonly held: bigint[] = Array.from({ length: INVESTORS }, () => 0n);
  readonly holds = new Map<string, Hold>();
  /** key → the requests recorded under it, by body. */
  private readonly entries = new Map<string, Map<string, Recorded>>();
  /** key → the body of the operation that binds it (one that succeeded). */
  private readonly bound = new Map<string, string>();
  private readonly consumed = new Set<string>();

  constructor(private readonly keys: Key[]) {}

  private index(finId: string): number {
    return this.keys.findIndex((k) => k.finId === finId);
  }

  keysOf(s: Sent): string[] {
    const own =
      s.kind === "payout" ? `payout:${(s.body.source as { finId: string }).finId}:${String(s.body.nonce)}` : `${s.kind}:${String(s.body.operationId)}`;
    return [own, ...(s.headerKey ? [`header:${s.headerKey}`] : [])].map((k) => `${s.org}|${k}`);
  }

  private signatureOf(s: Sent): string | null {
    if (s.kind !== "hold" && s.kind !== "payout") return null;
    const signature = s.body.signature as { template: { hash: string } };
    return `${(s.body.source as { finId: string }).finId}:${signature.template.hash}`;
  }

  /** What the escrow must answer to `s`, from the state before it. */
  expect(s: Sent): Expectation {
    const body = canonicalJson(s.body);
    const keys = this.keysOf(s);
    for (const key of keys) {
      const repeat = this.entries.get(key)?.get(body);
      if (repeat) return { status: 200, repeatOf: repeat };
    }
    if (keys.some((key) => this.bound.has(key))) return { status: 409 };
    const signature = this.signatureOf(s);
    if (signature && this.consumed.has(signature)) return { status: 200, code: CODES[s.kind] };
    const refused = { status: 200 as const, code: CODES[s.kind] };
    switch (s.kind) {
      case "hold": {
        const buyer = this.index((s.body.source as { finId: string }).finId);
        const quantity = units(String(s.body.quantity));
        if (this.available[buyer]! < quantity) return refused;
        const seller = this.index((s.body as unknown as HoldBody).signature.template.hashGroups[1]!.fields[5]!.value);
        return {
          status: 200,
          moves: () => {
            this.available[buyer]! -= quantity;
            this.held[buyer]! += quantity;
            const plan = (s.body as unknown as HoldBody).executionContext.executionPlanId;
            this.holds.set(`${s.org}|${String(s.body.operationId)}`, { quantity, buyer, plan, signedSeller: seller, status: "HELD" });
          },
        };
      }
      case "release":
      case "rollback": {
        const hold = this.holds.get(`${s.org}|${String(s.body.operationId)}`);
        const terms = s.body as { quantity: string; source: { finId: string }; executionContext: { executionPlanId: string } };
        const matches = hold && hold.quantity === units(terms.quantity) && hold.plan === terms.executionContext.executionPlanId && hold.buyer === this.index(terms.source.finId);
        if (!hold || !matches || hold.status !== "HELD") return refused;
        if (s.kind === "release") {
          const to = this.index((s.body.destination as { finId: string }).finId);
          if (to !== hold.signedSeller) return refused;
          return {
            status: 200,
            moves: () => {
              this.held[hold.buyer]! -= hold.quantity;
              this.available[to]! += hold.quantity;
              hold.status = "RELEASED";
            },
          };
        }
        return {
          status: 200,
          moves: () => {
            this.held[hold.buyer]! -= hold.quantity;
            this.available[hold.buyer]! += hold.quantity;
            hold.status = "ROLLED_BACK";
          },
        };
      }
      case "payout": {
        const owner = this.index((s.body.source as { finId: string }).finId);
        const amount = units(String(s.body.amount));
        if (this.available[owner]! < amount) return refused;
        return { status: 200, moves: () => void (this.available[owner]! -= amount) };
      }
    }
  }

  /** Records what the escrow answered to a request it accepted. */
  record(s: Sent, answer: Envelope, expectation: Expectation & { status: 200 }): void {
    if (expectation.repeatOf) return;
    const succeeded = answer.response !== undefined;
    const signature = this.signatureOf(s);
    const recorded: Recorded = { answer, succeeded, signature };
    const body = canonicalJson(s.body);
    for (const key of this.keysOf(s)) {
      const byBody = this.entries.get(key) ?? new Map<string, Recorded>();
      byBody.set(body, recorded);
      this.entries.set(key, byBody);
      if (succeeded) this.bound.set(key, body);
    }
    if (succeeded && signature) this.consumed.add(signature);
    if (succeeded) expectation.moves?.();
  }

  fund(who: number, amount: bigint): void {
    this.available[who]! += amount;
  }
}

const org = fc.constantFrom<Org>(...ORGS);
/** No Idempotency-Key, a fresh one, or one sent before (by either organization). */
const headerKey = fc.oneof(
  { weight: 5, arbitrary: fc.constant(null) },
  { weight: 4, arbitrary: fc.constant("fresh" as const) },
  { weight: 1, arbitrary: fc.record({ earlier: fc.nat({ max: 1_000_000 }) }) },
);
const pick = fc.nat({ max: 1_000_000 });
/** Mostly one of the last few holds (those are still held), sometimes any hold requested so far. */
const holdPick = fc.record({ recent: fc.constantFrom(true, true, true, false), pick });
const stepArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant("fund" as const), who: fc.nat(INVESTORS - 1), amount: fc.integer({ min: 10, max: 80 }) }) },
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant("hold" as const),
      org,
      buyer: fc.nat(INVESTORS - 1),
      seller: fc.nat(INVESTORS - 2),
      quantity: fc.integer({ min: 1, max: 60 }),
      reuse: fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: pick }),
      headerKey,
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      t: fc.constant("release" as const),
      org: fc.constantFrom<Org>("node", "node", "foreign"),
      hold: holdPick,
      variant: fc.constantFrom("right", "right", "right", "otherDestination", "otherQuantity"),
      headerKey,
    }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("rollback" as const), org: fc.constantFrom<Org>("node", "node", "foreign"), hold: holdPick, variant: fc.constantFrom("right", "right", "otherQuantity"), headerKey }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("payout" as const), org, who: fc.nat(INVESTORS - 1), amount: fc.integer({ min: 1, max: 60 }), headerKey }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("repeat" as const), pick }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("poll" as const), org, pick }) },
);
type Step = typeof stepArbitrary extends fc.Arbitrary<infer S> ? S : never;

let clients: Record<Org, EscrowClient>;

beforeAll(async () => {
  const server = { baseUrl: baseUrl(), adminToken: adminToken(), databaseUrl: inject("databaseUrl") };
  clients = { node: await EscrowClient.create(server, "node"), foreign: await EscrowClient.create(server, await registerOrganization(server, "router")) };
});

class Run {
  readonly investors: Key[] = Array.from({ length: INVESTORS }, () => newKey());
  readonly model = new EscrowModel(this.investors);
  readonly holdRequests: { org: Org; body: HoldBody; seller: number }[] = [];
  readonly sent: Sent[] = [];
  readonly cids: { org: Org; cid: string }[] = [];
  private readonly run = randomUUID().slice(0, 8);
  log: string[] = [];
  /** How often each kind of answer came, so the run shows it exercised what it claims to. */
  readonly outcomes = new Map<string, number>();

  private count(outcome: string): void {
    this.outcomes.set(outcome, (this.outcomes.get(outcome) ?? 0) + 1);
  }

  private readonly headerKeys: string[] = [];

  private keyText(choice: null | "fresh" | { earlier: number }): string | null {
    if (choice === null) return null;
    if (choice !== "fresh" && this.headerKeys.length > 0) return this.headerKeys[choice.earlier % this.headerKeys.length] ?? null;
    const key = `${this.run}-${this.headerKeys.length}`;
    this.headerKeys.push(key);
    return key;
  }

  private holdRequest(choice: { recent: boolean; pick: number }) {
    const from = choice.recent ? Math.max(0, this.holdRequests.length - 3) : 0;
    return this.holdRequests[from + (choice.pick % (this.holdRequests.length - from))];
  }

  async fund(who: number, amount: number): Promise<void> {
    await clients.node.fund(this.investors[who]!, String(amount));
    this.model.fund(who, BigInt(amount));
  }

  async send(s: Sent): Promise<void> {
    const expected = this.model.expect(s);
    const client = clients[s.org];
    const response = await client.post(PATHS[s.kind], s.body, client.routerToken, s.headerKey ? { "idempotency-key": s.headerKey } : undefined);
    const text = await response.text();
    const label = `step ${this.log.length}: ${s.org} ${s.kind}${s.headerKey ? ` under ${s.headerKey}` : ""} → ${response.status} ${text.slice(0, 300)}`;
    this.log.push(label);
    this.sent.push(s);
    expect(response.status, label).toBe(expected.status);
    if (expected.status !== 200) {
      expect(JSON.parse(text), label).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
      this.count(`409 ${s.kind}${s.org === "foreign" ? " (foreign)" : ""}`);
      return;
    }
    const answer = JSON.parse(text) as Envelope;
    if (expected.repeatOf) {
      expect(answer, label).toEqual(expected.repeatOf.answer);
      this.count(`repeat of ${expected.repeatOf.succeeded ? "a success" : "a refusal"}`);
      return;
    }
    this.count(`${s.kind} ${expected.code === undefined ? "done" : "refused"}${s.org === "foreign" ? " (foreign)" : ""}`);
    expect(answer.isCompleted, label).toBe(true);
    if (expected.code !== undefined) expect(answer.error?.Code, label).toBe(expected.code);
    else expect(answer.response, label).toBeDefined();
    this.cids.push({ org: s.org, cid: answer.cid });
    this.model.record(s, answer, expected);
  }

  async step(step: Step): Promise<void> {
    switch (step.t) {
      case "fund":
        return this.fund(step.who, step.amount);
      case "hold": {
        const seller = (step.buyer + 1 + step.seller) % INVESTORS;
        const reused = step.reuse === null || this.holdRequests.length === 0 ? undefined : this.holdRequests[step.reuse % this.holdRequests.length]?.body.operationId;
        const body = holdBody({ buyer: this.investors[step.buyer]!, seller: this.investors[seller]!.finId, quantity: String(step.quantity), operationId: reused });
        this.holdRequests.push({ org: step.org, body, seller });
        return this.send({ org: step.org, kind: "hold", body, headerKey: this.keyText(step.headerKey) });
      }
      case "release":
      case "rollback": {
        const chosen = this.holdRequest(step.hold);
        if (!chosen) return;
        const { body: hold, seller } = chosen;
        const quantity = step.variant === "otherQuantity" ? String(BigInt(hold.quantity) + 1n) : hold.quantity;
        const body =
          step.t === "release"
            ? releaseBody(hold, this.investors[step.variant === "otherDestination" ? (seller + 1) % INVESTORS : seller]!.finId, { quantity })
            : { ...rollbackBody(hold), quantity };
        return this.send({ org: step.org, kind: step.t, body, headerKey: this.keyText(step.headerKey) });
      }
      case "payout":
        return this.send({ org: step.org, kind: "payout", body: payoutBody(this.investors[step.who]!, String(step.amount)), headerKey: this.keyText(step.headerKey) });
      case "repeat": {
        if (this.sent.length === 0) return;
        return this.send(this.sent[step.pick % this.sent.length]!);
      }
      case "poll": {
        if (this.cids.length === 0) return;
        const { org: owner, cid } = this.cids[step.pick % this.cids.length]!;
        const response = await call("GET", `/api/adapter/operations/${cid}`, { token: clients[step.org].routerToken });
        expect(response.status, `poll of ${owner}'s ${cid} by ${step.org}`).toBe(step.org === owner ? 200 : 404);
        return;
      }
    }
  }

  async expectAccounts(label: string): Promise<void> {
    const rows = await queryRows<{ ownerFinId: string; held: string; available: string }>(
      `SELECT "ownerFinId", "held", "available" FROM "EscrowAccount" WHERE "currency" = 'USD' AND "ownerFinId" IN ($1, $2, $3, $4)`,
      this.investors.map((k) => k.finId),
    );
    const actual = this.investors.map((k) => {
      const row = rows.find((r) => r.ownerFinId === k.finId);
      return { held: row?.held ?? "0", available: row?.available ?? "0" };
    });
    const expected = this.investors.map((_, i) => ({ held: String(this.model.held[i]), available: String(this.model.available[i]) }));
    expect(actual, `${label}\n${this.log.slice(-5).join("\n")}`).toEqual(expected);
  }
}

describe("the escrow against its model", () => {
  it(`${STEPS} seeded random operations by two organizations keep every account where the model says`, async () => {
    const [steps] = fc.sample(fc.array(stepArbitrary, { minLength: STEPS, maxLength: STEPS }), { seed: SEED, numRuns: 1 });
    const run = new Run();
    for (let i = 0; i < INVESTORS; i += 1) await run.fund(i, 100);
    for (const [i, step] of (steps ?? []).entries()) {
      await run.step(step);
      if (i % 10 === 9) await run.expectAccounts(`after step ${i}`);
    }
    await run.expectAccounts("at the end");
    const statuses = await queryRows<{ ownerKey: string; status: string }>(
      `SELECT "operationId" AS "ownerKey", "status" FROM "EscrowHold" WHERE "ownerFinId" IN ($1, $2, $3, $4)`,
      run.investors.map((k) => k.finId),
    );
    const modelled = [...run.model.holds.values()];
    expect(statuses.filter((s) => s.status === "HELD")).toHaveLength(modelled.filter((h) => h.status === "HELD").length);
    expect(statuses.filter((s) => s.status === "RELEASED")).toHaveLength(modelled.filter((h) => h.status === "RELEASED").length);
    const books = await clients.node.books();
    expect(books.violations).toEqual([]);
    // The sequence reached every kind of answer the model knows, many times (by either organization).
    const seen = Object.fromEntries([...run.outcomes].sort());
    const times = (outcome: string) => (seen[outcome] ?? 0) + (seen[`${outcome} (foreign)`] ?? 0);
    for (const kind of ["hold", "release", "rollback", "payout"]) {
      for (const outcome of [`${kind} done`, `${kind} refused`, `409 ${kind}`]) expect(times(outcome), `${outcome} in ${JSON.stringify(seen)}`).toBeGreaterThanOrEqual(4);
    }
    for (const outcome of ["repeat of a success", "repeat of a refusal", "release done (foreign)", "release refused (foreign)"]) {
      expect(seen[outcome] ?? 0, `${outcome} in ${JSON.stringify(seen)}`).toBeGreaterThanOrEqual(10);
    }
  }, 600_000);
});
