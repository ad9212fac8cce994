// A graceful stop (SIGTERM) in the middle of settlements, on a server of its own: a plan's
// execution claims it for the run it is handed to, so a plan still queued for a run, or a run cut
// short, would keep its lease (30 s at least) and wait that long after the restart. At a graceful
// stop, runs end after the step in hand and every queued plan gives its lease up: no unfinished plan
// is left claimed, and after the restart every plan settles.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRowsAt } from "./helpers";
import { EscrowClient } from "./escrow-client";
import { expectReconciled } from "./reconciliation";
import { postAt } from "./router-client";
import { startTestServer, type TestServer } from "./test-server";
import { createAsset, executionBody, finishedPlan, fund, newParty, offeredThroughSigner, primarySale, SignerStandIn } from "./trade-client";

const EXECUTE = "/api/router/finapi/tokens/execute";
/** More trades than a process runs at once (plan-runner.ts RUNS_AT_ONCE, 32), so that some are queued when the stop comes. */
const TRADES = 44;
let server: TestServer;
const signer = new SignerStandIn();

beforeAll(async () => {
  server = await startTestServer({ ROUTER_WORKER_INTERVAL_MS: "50" });
  await signer.start();
}, 120_000);

afterAll(async () => {
  if (server) await expectReconciled(server);
  await server?.dispose();
  await signer.stop();
});

type Unfinished = { stage: string; claimedUntil: string | null };

describe("a graceful stop in the middle of settlements", () => {
  it("leaves no unfinished plan claimed, and the restarted node settles every plan without waiting for a lease", async () => {
    const escrow = await EscrowClient.create(server);
    const issuer = await newParty(server, "issuer");
    const assetId = await createAsset(server, issuer);
    const saleId = await primarySale(server, issuer, assetId, "1000", "1");
    const [seller, buyer] = [await newParty(server), await newParty(server)];
    await fund(server, escrow, seller, "100");
    await fund(server, escrow, buyer, "100");
    // The seller signs each trade through an endpoint that takes a while: the runs wait at the signature.
    const sellId = await offeredThroughSigner(server, { issuer, seller, assetId, saleId, stock: "60" }, signer, 1_000);

    const answers = await Promise.all(
      Array.from({ length: TRADES }, () =>
        postAt(server, EXECUTE, buyer.token, executionBody({ kind: "sellingIntent", intentId: sellId, assetId, executor: buyer, buyer, seller, quantity: "1", settlementAmount: "1" }).body),
      ),
    );
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const planIds = answers.map((answer) => String(answer.body.response?.executionPlanId));
    await server.stop("SIGTERM");

    const unfinished = await queryRowsAt<Unfinished>(server.databaseUrl, `SELECT "stage", "claimedUntil" FROM "Plan" WHERE "stage" <> 'done' AND "intentId" = $1`, [sellId]);
    // Some plans were still waiting for their first run when the stop came (the case this is about).
    expect(unfinished.filter((plan) => plan.stage === "rules").length).toBeGreaterThan(0);
    expect(unfinished.filter((plan) => plan.claimedUntil !== null)).toEqual([]);

    signer.delayMs = 0;
    await server.restart({ ROUTER_WORKER_INTERVAL_MS: "50" });
    const plans = await Promise.all(planIds.map((id) => finishedPlan(server, buyer.token, id, 60_000)));
    expect(plans.map((plan) => plan.executionPlanStatus)).toEqual(planIds.map(() => "completed"));
  }, 180_000);
});
