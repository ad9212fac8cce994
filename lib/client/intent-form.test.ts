import { describe, expect, it } from "vitest";

import type { AssetView } from "@/lib/schemas/asset";
import {
  buildIntentRequest,
  epochSecondsToLocalTime,
  intentFieldOf,
  localTimeToEpochSeconds,
  paymentCurrencies,
  portalSigningEndpoint,
  type IntentFormContext,
  type IntentFormValues,
} from "./intent-form";

const FIN_ID = `02${"ab".repeat(32)}`;
const ASSET: AssetView = {
  id: "node:102:6f1c0c1e-8a51-4f4b-9d0e-2f1f6f7b2a10",
  name: "Harbour Fund",
  organizationId: "node",
  issuerId: "node:101:6f1c0c1e-8a51-4f4b-9d0e-2f1f6f7b2a11",
  denomination: { type: "fiat", code: "USD" },
  decimals: 2,
  rules: { kycAml: false, accreditation: false },
};
const NOW = 1_795_300_000;
const ctx = (over: Partial<IntentFormContext> = {}): IntentFormContext => ({
  asset: ASSET,
  owner: { id: ASSET.issuerId, finId: FIN_ID },
  paymentOrgIds: new Set(["escrow"]),
  availableTokens: "5",
  nowSeconds: NOW,
  ...paymentCurrencies({ builtInEscrowOrgId: "escrow", escrowCurrencies: [{ code: "USD", minorUnits: 2 }, { code: "JPY", minorUnits: 0 }] }),
  ...over,
});
const values = (over: Partial<IntentFormValues> = {}): IntentFormValues => ({
  type: "sellingIntent",
  assetId: ASSET.id,
  amount: "5",
  unitValue: "10.50",
  start: epochSecondsToLocalTime(NOW - 60),
  end: epochSecondsToLocalTime(NOW + 3600),
  expiry: epochSecondsToLocalTime(NOW + 7200),
  orgId: "escrow",
  endpoint: portalSigningEndpoint("http://127.0.0.1:3000", ASSET.issuerId),
  secret: "",
  ...over,
});

describe("buildIntentRequest", () => {
  it("builds a selling intent paid into the owner's escrow account, signed through the portal's callback, with no expiry", () => {
    const result = buildIntentRequest(values(), ctx());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.request.intent).toEqual({
      type: "sellingIntent",
      seller: ASSET.issuerId,
      settlementInstruction: { type: "escrow", destinationAccounts: { account: { type: "finId", finId: FIN_ID, orgId: "escrow" }, asset: { type: "fiat", code: "USD" } } },
      signaturePolicy: { type: "manualPolicy", endpoint: `http://127.0.0.1:3000/api/signing/callback/${ASSET.issuerId}` },
    });
    expect(result.request.assetInstruction.account).toEqual({ account: { type: "finId", finId: FIN_ID, orgId: "node" }, asset: { type: "p2p", resourceId: ASSET.id } });
  });

  it("gives a buying intent its expiry and the secret, and a primary sale a whitelisted escrow", () => {
    const buying = buildIntentRequest(values({ type: "buyingIntent", secret: "s3cret" }), ctx());
    expect(buying.ok && buying.request.intent.type === "buyingIntent" && buying.request.intent.settlementInstruction.expiry).toBe(localTimeToEpochSeconds(values().expiry));
    expect(buying.ok && buying.request.intent.type === "buyingIntent" && buying.request.intent.signaturePolicy.secret).toBe("s3cret");
    const sale = buildIntentRequest(values({ type: "primarySale", amount: "1000" }), ctx());
    expect(sale.ok && sale.request.intent.type === "primarySale" && sale.request.intent.sellingSettlementInstruction.whiteListedEscrows).toEqual(["escrow"]);
  });

  it("names each broken rule beside its field: decimals, available tokens, end before start, payment organization", () => {
    expect(buildIntentRequest(values({ amount: "1.234" }), ctx())).toEqual({ ok: false, errors: { amount: expect.stringMatching(/2/) } });
    expect(buildIntentRequest(values({ amount: "6" }), ctx())).toEqual({ ok: false, errors: { amount: expect.stringMatching(/available/) } });
    expect(buildIntentRequest(values({ end: values().start }), ctx())).toMatchObject({ ok: false, errors: { end: "end must be after start" } });
    expect(buildIntentRequest(values({ orgId: "node" }), ctx())).toMatchObject({ ok: false, errors: { orgId: expect.stringMatching(/not a payment organization/) } });
    expect(buildIntentRequest(values({ unitValue: "0" }), ctx())).toMatchObject({ ok: false, errors: { unitValue: expect.any(String) } });
    // The built-in escrow keeps USD in cents: a price or a total in tenths of a cent could never be paid.
    expect(buildIntentRequest(values({ unitValue: "2.005" }), ctx())).toEqual({
      ok: false,
      errors: { unitValue: "cannot be paid at escrow: 2.005 USD has more fraction digits than the currency's 2" },
    });
    expect(buildIntentRequest(values({ amount: "0.01", unitValue: "0.25" }), ctx())).toMatchObject({ ok: false, errors: { amount: expect.stringMatching(/0\.0025 USD/) } });
    expect(buildIntentRequest(values({ type: "buyingIntent", expiry: "" }), ctx())).toMatchObject({ ok: false, errors: { expiry: "Enter a date and time." } });
    expect(buildIntentRequest(values({ end: epochSecondsToLocalTime(NOW - 30) , start: epochSecondsToLocalTime(NOW - 120) }), ctx())).toMatchObject({ ok: false, errors: { end: expect.stringMatching(/future/) } });
    expect(buildIntentRequest(values({ type: "primarySale" }), ctx({ owner: { id: "node:101:7f1c0c1e-8a51-4f4b-9d0e-2f1f6f7b2a11", finId: FIN_ID } }))).toMatchObject({ ok: false, errors: { assetId: expect.stringMatching(/issuer/) } });
  });

  it("maps the server's error paths to the form's fields", () => {
    expect(intentFieldOf("body.intent.settlementInstruction.expiry")).toBe("expiry");
    expect(intentFieldOf("intent.sellingSettlementInstruction.whiteListedEscrows.0")).toBe("orgId");
    expect(intentFieldOf("intent.signaturePolicy.endpoint")).toBe("endpoint");
    expect(intentFieldOf("somethingElse")).toBe("form");
  });
});
