// The cost of the answer a node past its capacity gives the excess: an execute refused 503 with
// Retry-After because MAX_PLANS_IN_FLIGHT plans are in hand. At twice the capacity about as many
// executes are refused as trades settle, so what a refusal costs is taken from the trades' CPU; the
// benchmark prints it beside the 401 floor and charges it to the run at twice the capacity.
// The production server runs on a fresh database of its own with MAX_PLANS_IN_FLIGHT=1, and one trade
// is kept in hand: a selling intent whose seller signs through a stand-in endpoint that does not
// answer until the floor is over. The same signed execute is then sent again and again: refused
// before anything is written, it never uses its nonce.
import { EscrowClient } from "../../tests/api/escrow-client";
import { postAt } from "../../tests/api/router-client";
import { startTestServer } from "../../tests/api/test-server";
import { createAsset, executionBody, fund, newParty, offeredThroughSigner, primarySale, SignerStandIn } from "../../tests/api/trade-client";
import { httpFloor, type HttpFloor } from "./floors";
import { HttpClient } from "./http-client";
import { EXECUTE } from "./trade-market";
import { ProcessGroup } from "./usage";

/** Longer than any floor: the held trade's seller never signs while the floor runs. */
const SIGNER_DELAY_MS = 600_000;

export async function refusedExecuteFloor(seconds: number, inFlight: number, logLevel: string): Promise<HttpFloor> {
  const server = await startTestServer({ MAX_PLANS_IN_FLIGHT: "1", LOG_LEVEL: logLevel });
  const signer = new SignerStandIn();
  await signer.start();
  try {
    const escrow = await EscrowClient.create(server);
    const issuer = await newParty(server, "issuer");
    const assetId = await createAsset(server, issuer);
    const saleId = await primarySale(server, issuer, assetId, "100", "1");
    const [seller, held, refused] = [await newParty(server), await newParty(server), await newParty(server)];
    for (const party of [seller, held, refused]) await fund(server, escrow, party, "10");
    // The seller's stock, bought in the primary sale, then offered in a selling intent signed through the slow endpoint.
    const sellId = await offeredThroughSigner(server, { issuer, seller, assetId, saleId, stock: "5" }, signer, SIGNER_DELAY_MS);
    const inHand = executionBody({ kind: "sellingIntent", intentId: sellId, assetId, executor: held, buyer: held, seller, quantity: "1", settlementAmount: "1" });
    const kept = await postAt(server, EXECUTE, held.token, inHand.body);
    if (kept.status !== 200) throw new Error(`the refusal floor's trade in hand was not taken: ${kept.status} ${kept.text}`);
    const body = JSON.stringify(executionBody({ kind: "primarySale", intentId: saleId, assetId, executor: refused, buyer: refused, seller: issuer, quantity: "1", settlementAmount: "1" }).body);
    const client = new HttpClient(server.baseUrl, inFlight);
    try {
      return await httpFloor(new ProcessGroup(() => server.processGroup()), seconds, inFlight, () => client.send("POST", EXECUTE, { token: refused.token, body }), 503);
    } finally {
      client.close();
    }
  } finally {
    // The server first: its signing request still waits on the stand-in, which closes once it is gone.
    await server.dispose();
    await signer.stop();
  }
}
