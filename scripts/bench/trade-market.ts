// The market the trade runs trade in, made through the real API on a fresh server: an issuer with
// an asset on primary sale, funded investors (deposit instruction, then the escrow's operator
// records the money), and a market maker who bought a stock of tokens in the primary sale and
// offers them in a selling intent it signs at once (a SignerStandIn signing with libsecp256k1).
// Execution bodies are built and signed here, before each timed run, so the client's signing is
// not part of what is timed.
import { signHashNative } from "@/lib/domain/secp256k1-node";
import { EscrowClient } from "../../tests/api/escrow-client";
import { postAt } from "../../tests/api/router-client";
import type { TestServer } from "../../tests/api/test-server";
import { createAsset, executionBody, fund, newParty, planOf, primarySale, sellingIntent, SignerStandIn, type Party } from "../../tests/api/trade-client";
import { PlanWatch } from "./plan-watch";

export const EXECUTE = "/api/router/finapi/tokens/execute";
/** Tokens the maker holds for the selling intent's trades (one token a trade), and USD each investor has (one a trade). */
const MAKER_STOCK = "1000000";
const INVESTOR_CASH = "1000000";
const FUNDING_BATCH = 8;
const STOCK_TIMEOUT_MS = 60_000;

export type TradeKind = "primary" | "secondary";
/** A signed execute request, ready to send. */
export type PreparedTrade = { kind: TradeKind; token: string; body: string };

export class TradeMarket {
  private next = 0;

  private constructor(
    readonly server: TestServer,
    readonly investors: readonly Party[],
    readonly watch: PlanWatch,
    private readonly signer: SignerStandIn,
    private readonly terms: { issuer: Party; maker: Party; assetId: string; saleId: string; sellId: string },
  ) {}

  static async open(server: TestServer, investorCount: number, say: (line: string) => void): Promise<TradeMarket> {
    const signer = new SignerStandIn(signHashNative);
    await signer.start();
    const escrow = await EscrowClient.create(server);
    const issuer = await newParty(server, "issuer");
    const assetId = await createAsset(server, issuer);
    const saleId = await primarySale(server, issuer, assetId, "1000000000", "1");
    const started = performance.now();
    // Fundings run FUNDING_BATCH at once. One the escrow refuses (on PostgreSQL, concurrent
    // recordings of incoming money can conflict on the bank's account) is reported and made again alone.
    const refused: { investor: Party; reason: string }[] = [];
    const investors: Party[] = [];
    for (let i = 0; i < investorCount; i += FUNDING_BATCH) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(FUNDING_BATCH, investorCount - i) }, async () => {
          const investor = await newParty(server);
          await fund(server, escrow, investor, INVESTOR_CASH).catch((error: unknown) => refused.push({ investor, reason: error instanceof Error ? error.message : String(error) }));
          return investor;
        }),
      );
      investors.push(...batch);
    }
    if (refused.length > 0) {
      say(`the escrow refused ${refused.length} of ${investorCount} fundings made ${FUNDING_BATCH} at once (each is made again alone); the first: ${refused[0]?.reason.split("\n")[0]?.slice(0, 400)}`);
      for (const { investor } of refused) await fund(server, escrow, investor, INVESTOR_CASH);
    }
    const maker = await newParty(server);
    await fund(server, escrow, maker, MAKER_STOCK);
    signer.keys.set(maker.key.finId, maker.key);
    const stock = executionBody({ kind: "primarySale", intentId: saleId, assetId, executor: maker, buyer: maker, seller: issuer, quantity: MAKER_STOCK, settlementAmount: MAKER_STOCK }, signHashNative);
    const bought = await postAt(server, EXECUTE, maker.token, stock.body);
    if (bought.status !== 200) throw new Error(`the maker's stock was refused: ${bought.status} ${bought.text}`);
    const stockPlan = String((bought.body.response as { executionPlanId: string }).executionPlanId);
    const deadline = performance.now() + STOCK_TIMEOUT_MS;
    for (;;) {
      const status = (await planOf(server, maker.token, stockPlan)).plan.executionPlanStatus;
      if (status === "completed") break;
      if (status === "failed" || status === "rejected" || performance.now() > deadline) throw new Error(`the maker's stock plan ${stockPlan} is ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const sellId = await sellingIntent(server, maker, assetId, MAKER_STOCK, "1", { endpoint: signer.url });
    const watch = new PlanWatch(server);
    await watch.watchAs(investors);
    say(`market ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${investorCount} investors funded through the escrow, each subscribed to plansChangedBy`);
    return new TradeMarket(server, investors, watch, signer, { issuer, maker, assetId, saleId, sellId });
  }

  /** The next trade: primary sales and selling-intent trades alternate, buyers rotate. */
  prepare(): PreparedTrade {
    const n = this.next++;
    const buyer = this.investors[n % this.investors.length] as Party;
    const kind: TradeKind = n % 2 === 0 ? "primary" : "secondary";
    const { issuer, maker, assetId, saleId, sellId } = this.terms;
    const terms =
      kind === "primary"
        ? { kind: "primarySale" as const, intentId: saleId, seller: issuer }
        : { kind: "sellingIntent" as const, intentId: sellId, seller: maker };
    const { body } = executionBody({ ...terms, assetId, executor: buyer, buyer, quantity: "1", settlementAmount: "1" }, signHashNative);
    return { kind, token: buyer.token, body: JSON.stringify(body) };
  }

  /** `count` trades, signed now (their nonces stay valid for 300 s). */
  prepareMany(count: number): PreparedTrade[] {
    return Array.from({ length: count }, () => this.prepare());
  }

  async close(): Promise<void> {
    await this.watch.close();
    await this.signer.stop();
  }
}
