// A migration adding columns, applied while the node runs (another machine's `npm start` in a
// rolling deploy): the node's trades still settle. On PostgreSQL the typed-SQL path runs its
// statements as named statements (lib/server/db/pg-statement-names.ts), whose result columns
// PostgreSQL fixes when a connection first parses them; a statement reading a table's whole row
// (`select *`, `returning *`) must stay unnamed, or every connection that had parsed it would refuse
// it from then on ("cached plan must not change result type"). On SQLite it runs too, as a check of
// the same expectation. Its own server and database: the columns stay out of the shared one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeSqlAt } from "./helpers";
import { EscrowClient } from "./escrow-client";
import { postAt } from "./router-client";
import { createAsset, executionBody, finishedPlan, fund, newParty, planOf, primarySale, sellingIntent, SignerStandIn, type Party } from "./trade-client";
import { startTestServer, type TestServer } from "./test-server";

const EXECUTE = "/api/router/finapi/tokens/execute";
/** Every table the typed-SQL path reads whole rows of (every-column.ts). */
const TABLES = ["Plan", "Intent", "SigningRequest", "EscrowHold", "EscrowOperation", "EventOutbox", "EscrowDepositInstruction", "AuthFailure"];

let server: TestServer;
let escrow: EscrowClient;
let issuer: Party;
const signer = new SignerStandIn();

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: "warn" });
  escrow = await EscrowClient.create(server);
  issuer = await newParty(server, "issuer");
  await signer.start();
}, 120_000);

afterAll(async () => {
  await signer.stop();
  await server?.dispose();
}, 60_000);

async function settled(body: unknown, token: string): Promise<void> {
  const answer = await postAt(server, EXECUTE, token, body);
  expect(answer.status, answer.text).toBe(200);
  const planId = String((answer.body.response as { executionPlanId: string }).executionPlanId);
  const plan = await finishedPlan(server, token, planId);
  expect(plan.executionPlanStatus, plan.failureReason).toBe("completed");
  expect((await planOf(server, token, planId)).status).toBe(200);
}

/** A primary sale to a new investor, then a selling intent of part of it to another: both settle. */
async function tradeBothKinds(round: number): Promise<void> {
  const assetId = await createAsset(server, issuer);
  const saleId = await primarySale(server, issuer, assetId, "100", "1");
  const seller = await newParty(server);
  await fund(server, escrow, seller, "50");
  await settled(executionBody({ kind: "primarySale", intentId: saleId, assetId, executor: seller, buyer: seller, seller: issuer, quantity: "10", settlementAmount: "10" }).body, seller.token);
  signer.keys.set(seller.key.finId, seller.key);
  const intentId = await sellingIntent(server, seller, assetId, "10", "2", { endpoint: signer.url });
  const buyer = await newParty(server);
  await fund(server, escrow, buyer, "50");
  await settled(executionBody({ kind: "sellingIntent", intentId, assetId, executor: buyer, buyer, seller, quantity: String(1 + round), settlementAmount: String(2 * (1 + round)) }).body, buyer.token);
}

describe("columns added to the settlement path's tables while the node runs", () => {
  it("leave its trades settling, before and after", async () => {
    signer.mode = "sign";
    signer.secret = null;
    // The pool's connections parse the path's statements (several rounds: several connections).
    for (let round = 0; round < 3; round += 1) await tradeBothKinds(round);
    for (const table of TABLES) await executeSqlAt(server.databaseUrl, `ALTER TABLE "${table}" ADD COLUMN "addedLater" TEXT`);
    for (let round = 0; round < 3; round += 1) await tradeBothKinds(round);
  }, 120_000);
});
