import { describe, expect, it } from "vitest";

import { amountSortKey } from "@/lib/domain/amount-sort-key";
import { encodeIntentCursor } from "@/lib/domain/intent-order";
import {
  createIntentRequestSchema,
  intentSchema,
  intentsQuerySchema,
  signaturePolicySchema,
  WHITELISTED_ESCROWS_MAX,
} from "@/lib/schemas/intent";
import {
  BUYER_FIN_ID,
  BUYER_PROFILE_ID,
  INTENT_ID,
  ISSUER_FIN_ID,
  ISSUER_PROFILE_ID,
  issuesOf,
  SELLER_FIN_ID,
  SELLER_PROFILE_ID,
  TOKEN,
  tokenAccount,
  USD,
  usdAccount,
  variant,
} from "@/lib/schemas/test-fixtures";

const policy = { type: "manualPolicy", endpoint: "http://localhost:3000/api/signing/callback/x", secret: "s3cret" };

const terms = {
  assetTerm: { asset: TOKEN, amount: "100" },
  assetInstruction: { account: tokenAccount(SELLER_FIN_ID) },
  settlementTerm: { asset: USD, unitValue: "4.20" },
  start: 1700000000,
  end: 1700086400,
};

const sellingIntent = {
  ...terms,
  intent: {
    type: "sellingIntent",
    seller: SELLER_PROFILE_ID,
    settlementInstruction: { type: "escrow", destinationAccounts: usdAccount(SELLER_FIN_ID) },
    signaturePolicy: policy,
  },
};

const buyingIntent = {
  ...terms,
  assetInstruction: { account: tokenAccount(BUYER_FIN_ID) },
  intent: {
    type: "buyingIntent",
    buyer: BUYER_PROFILE_ID,
    settlementInstruction: { type: "escrow", destinationAccounts: usdAccount(BUYER_FIN_ID), expiry: 1700172800 },
    signaturePolicy: { type: "manualPolicy", endpoint: "https://buyer.example.com/sign" },
  },
};

const primarySale = {
  ...terms,
  assetInstruction: { account: tokenAccount(ISSUER_FIN_ID) },
  intent: {
    type: "primarySale",
    issuerId: ISSUER_PROFILE_ID,
    sellingSettlementInstruction: {
      type: "escrow",
      whiteListedEscrows: ["escrow"],
      accounts: [{ asset: USD, identifier: { type: "finId", finId: ISSUER_FIN_ID, orgId: "escrow" } }],
    },
  },
};

describe("createIntentRequestSchema", () => {
  it("accepts selling, buying and primary-sale intents", () => {
    expect(createIntentRequestSchema.parse(sellingIntent)).toEqual(sellingIntent);
    expect(createIntentRequestSchema.parse(buyingIntent)).toEqual(buyingIntent);
    expect(createIntentRequestSchema.parse(primarySale)).toEqual(primarySale);
  });

  it("refuses expiry in a selling intent", () => {
    const bad = variant(sellingIntent, (v) => {
      Object.assign(v.intent.settlementInstruction, { expiry: 1700172800 });
    });
    expect(issuesOf(createIntentRequestSchema, bad)).toEqual([
      "intent.settlementInstruction.expiry: must not be supplied in a selling intent: only a buying intent carries expiry",
    ]);
  });

  it("requires expiry in a buying intent", () => {
    const bad = variant(buyingIntent, (v) => {
      delete (v.intent.settlementInstruction as { expiry?: number }).expiry;
    });
    expect(issuesOf(createIntentRequestSchema, bad)).toEqual([
      "intent.settlementInstruction.expiry: is required in a buying intent: the time until which the buyer's funds may be held",
    ]);
    const notSeconds = variant(buyingIntent, (v) => {
      v.intent.settlementInstruction.expiry = 1.5;
    });
    expect(issuesOf(createIntentRequestSchema, notSeconds)).toEqual([
      "intent.settlementInstruction.expiry: must be a whole number of epoch seconds",
    ]);
  });

  it("needs start before end", () => {
    expect(issuesOf(createIntentRequestSchema, { ...sellingIntent, end: sellingIntent.start })).toEqual([
      "end: end must be after start",
    ]);
  });

  it("needs a signature policy on selling and buying intents, with an http(s) endpoint", () => {
    const noPolicy = variant(sellingIntent, (v) => {
      delete (v.intent as { signaturePolicy?: unknown }).signaturePolicy;
    });
    expect(issuesOf(createIntentRequestSchema, noPolicy)).toEqual(["intent.signaturePolicy: is required"]);
    const badEndpoint = variant(sellingIntent, (v) => {
      v.intent.signaturePolicy.endpoint = "ftp://example.com/sign";
    });
    expect(issuesOf(createIntentRequestSchema, badEndpoint)).toEqual([
      "intent.signaturePolicy.endpoint: must be a web address starting with http:// or https://",
    ]);
  });

  it("names the seller for a selling intent and the buyer for a buying intent", () => {
    const swapped = variant(sellingIntent, (v) => {
      const part = v.intent as Record<string, unknown>;
      part.buyer = part.seller;
      delete part.seller;
    });
    expect(issuesOf(createIntentRequestSchema, swapped)).toEqual([
      "intent.seller: is required",
      'intent: Unrecognized key: "buyer"',
    ]);
  });

  it("refuses an unknown intent type", () => {
    const bad = variant(sellingIntent, (v) => {
      v.intent.type = "auction";
    });
    expect(issuesOf(createIntentRequestSchema, bad)).toEqual([
      "intent.type: must be one of primarySale, sellingIntent, buyingIntent",
    ]);
  });

  it("checks the primary sale's escrow whitelist", () => {
    const duplicate = variant(primarySale, (v) => {
      v.intent.sellingSettlementInstruction.whiteListedEscrows = ["escrow", "escrow"];
    });
    expect(issuesOf(createIntentRequestSchema, duplicate)).toEqual([
      "intent.sellingSettlementInstruction.whiteListedEscrows: must not name an organization twice",
    ]);
    const none = variant(primarySale, (v) => {
      v.intent.sellingSettlementInstruction.whiteListedEscrows = [];
    });
    expect(createIntentRequestSchema.safeParse(none).success).toBe(false);
    const tooMany = variant(primarySale, (v) => {
      v.intent.sellingSettlementInstruction.whiteListedEscrows = Array.from(
        { length: WHITELISTED_ESCROWS_MAX + 1 },
        (_, i) => `e${i}`,
      );
    });
    expect(createIntentRequestSchema.safeParse(tooMany).success).toBe(false);
    const noAccounts = variant(primarySale, (v) => {
      v.intent.sellingSettlementInstruction.accounts = [];
    });
    expect(issuesOf(createIntentRequestSchema, noAccounts)).toEqual([
      "intent.sellingSettlementInstruction.accounts: must give at least one account",
    ]);
  });

  it("offers tokens of this network at a positive price", () => {
    expect(issuesOf(createIntentRequestSchema, { ...sellingIntent, assetTerm: { asset: USD, amount: "100" } })).toEqual(
      [
        'assetTerm.asset.type: must be "p2p" (an asset of this network)',
        "assetTerm.asset.resourceId: is required",
        'assetTerm.asset: Unrecognized key: "code"',
      ],
    );
    expect(
      issuesOf(createIntentRequestSchema, { ...sellingIntent, settlementTerm: { asset: USD, unitValue: "0" } }),
    ).toEqual(["settlementTerm.unitValue: must be greater than zero"]);
  });

  it("refuses unknown top-level keys", () => {
    expect(issuesOf(createIntentRequestSchema, { ...sellingIntent, status: "ACTIVE" })).toEqual([
      ': Unrecognized key: "status"',
    ]);
  });
});

describe("signaturePolicySchema", () => {
  it("bounds the secret", () => {
    expect(signaturePolicySchema.safeParse({ ...policy, secret: "" }).success).toBe(false);
    expect(signaturePolicySchema.safeParse({ ...policy, secret: "x".repeat(257) }).success).toBe(false);
  });
});

describe("intentSchema (the resource)", () => {
  const resource = {
    id: INTENT_ID,
    type: "sellingIntent",
    status: "ACTIVE",
    remainingQuantity: "75",
    ...sellingIntent,
  };

  it("reads an intent and drops the signature policy's secret", () => {
    const parsed = intentSchema.parse(resource);
    expect(parsed.intent).toEqual({
      type: "sellingIntent",
      seller: SELLER_PROFILE_ID,
      settlementInstruction: { type: "escrow", destinationAccounts: usdAccount(SELLER_FIN_ID) },
      signaturePolicy: { type: "manualPolicy", endpoint: policy.endpoint },
    });
  });

  it("reads primary sales and completed intents with nothing remaining", () => {
    expect(
      intentSchema.safeParse({
        ...primarySale,
        id: INTENT_ID,
        type: "primarySale",
        status: "COMPLETED",
        remainingQuantity: "0",
      }).success,
    ).toBe(true);
  });

  it("knows the four statuses", () => {
    for (const status of ["ACTIVE", "NON_ACTIVE", "COMPLETED", "EXPIRED"]) {
      expect(intentSchema.safeParse({ ...resource, status }).success).toBe(true);
    }
    expect(issuesOf(intentSchema, { ...resource, status: "active" })).toEqual([
      "status: must be one of ACTIVE, NON_ACTIVE, COMPLETED, EXPIRED",
    ]);
  });

  it("needs the type-specific part to match the type", () => {
    expect(issuesOf(intentSchema, { ...resource, type: "buyingIntent" })).toEqual([
      "intent.type: must equal the intent's type",
    ]);
  });
});

describe("intentsQuerySchema: sort and cursor", () => {
  const priceCursor = encodeIntentCursor({ sort: "priceAsc", key: amountSortKey("10.5"), id: INTENT_ID });
  const pathsOf = (query: Record<string, string>) => issuesOf(intentsQuerySchema, query).map((issue) => issue.split(":")[0]);

  it("sorts newest first when left out, and decodes a cursor of the same sort", () => {
    expect(intentsQuerySchema.parse({})).toEqual({ sort: "newest", limit: 50 });
    expect(intentsQuerySchema.parse({ sort: "priceAsc", cursor: priceCursor }).cursor).toEqual({ sort: "priceAsc", key: amountSortKey("10.5"), id: INTENT_ID });
  });

  it("refuses an unknown sort, a cursor it did not give out and a cursor of another sort", () => {
    expect(pathsOf({ sort: "cheapest" })).toEqual(["sort"]);
    expect(pathsOf({ sort: "" })).toEqual(["sort"]);
    expect(pathsOf({ cursor: INTENT_ID })).toEqual(["cursor"]);
    expect(pathsOf({ cursor: priceCursor })).toEqual(["cursor"]);
    expect(pathsOf({ sort: "priceDesc", cursor: priceCursor })).toEqual(["cursor"]);
  });
});
