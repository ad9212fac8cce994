import { describe, expect, it } from "vitest";

import {
  executeIntentRequestSchema,
  executeIntentResponseSchema,
  executionSchemas,
  executionTermsSchema,
} from "@/lib/schemas/intent-execution";
import {
  BUYER_FIN_ID,
  BUYER_PROFILE_ID,
  BUYER_SIGNATURE,
  INTENT_ID,
  ISSUER_FIN_ID,
  ISSUER_PROFILE_ID,
  issuesOf,
  NONCE,
  NONCE_2,
  PLAN_ID,
  SELLER_FIN_ID,
  SELLER_PROFILE_ID,
  SELLER_SIGNATURE,
  TOKEN,
  tokenAccount,
  USD,
  usdAccount,
  UUID,
  variant,
} from "@/lib/schemas/test-fixtures";

// The terms of the sellingIntentExecution vector: 25 tokens for 105.00 USD, expiry 1700086400.
const sellingExecution = {
  intentId: INTENT_ID,
  user: BUYER_PROFILE_ID,
  intent: {
    type: "sellingIntentExecution",
    asset: {
      term: { asset: TOKEN, amount: "25" },
      instruction: { sourceAccount: tokenAccount(SELLER_FIN_ID), destinationAccount: tokenAccount(BUYER_FIN_ID) },
    },
    settlement: {
      term: { asset: USD, amount: "105.00" },
      instruction: {
        type: "escrow",
        sourceAccount: usdAccount(BUYER_FIN_ID),
        destinationAccount: usdAccount(SELLER_FIN_ID),
        expiry: 1700086400,
      },
    },
    nonce: NONCE,
    buyer: BUYER_PROFILE_ID,
    signature: BUYER_SIGNATURE,
  },
};

// The primarySaleExecution vector: 10 tokens issued for 1000 USD, expiry 1700003600.
const primarySaleExecution = {
  intentId: INTENT_ID,
  user: BUYER_PROFILE_ID,
  executionId: PLAN_ID,
  intent: {
    type: "primarySaleExecution",
    asset: { term: { asset: TOKEN, amount: "10" }, instruction: { destinationAccount: tokenAccount(BUYER_FIN_ID) } },
    settlement: {
      term: { asset: USD, amount: "1000" },
      instruction: {
        type: "escrow",
        sourceAccount: usdAccount(BUYER_FIN_ID),
        destinationAccount: usdAccount(ISSUER_FIN_ID),
        expiry: 1700003600,
      },
    },
    nonce: NONCE_2,
    buyer: BUYER_PROFILE_ID,
    issuer: ISSUER_PROFILE_ID,
    signature: BUYER_SIGNATURE,
  },
};

// The buyingIntentExecution vector: the seller executes, 3 tokens for 12.6 USD, no expiry.
const buyingExecution = {
  intentId: INTENT_ID,
  user: SELLER_PROFILE_ID,
  intent: {
    type: "buyingIntentExecution",
    asset: {
      term: { asset: TOKEN, amount: "3" },
      instruction: { sourceAccount: tokenAccount(SELLER_FIN_ID), destinationAccount: tokenAccount(BUYER_FIN_ID) },
    },
    settlement: {
      term: { asset: USD, amount: "12.6" },
      instruction: {
        type: "escrow",
        sourceAccount: usdAccount(BUYER_FIN_ID),
        destinationAccount: usdAccount(SELLER_FIN_ID),
      },
    },
    nonce: NONCE,
    buyer: BUYER_PROFILE_ID,
    signature: SELLER_SIGNATURE,
  },
};

describe("executeIntentRequestSchema", () => {
  it("accepts the three execution types", () => {
    expect(executeIntentRequestSchema.parse(sellingExecution)).toEqual(sellingExecution);
    expect(executeIntentRequestSchema.parse(primarySaleExecution)).toEqual(primarySaleExecution);
    expect(executeIntentRequestSchema.parse(buyingExecution)).toEqual(buyingExecution);
  });

  it("requires expiry when executing a selling intent", () => {
    const bad = variant(sellingExecution, (v) => {
      delete (v.intent.settlement.instruction as { expiry?: number }).expiry;
    });
    expect(issuesOf(executeIntentRequestSchema, bad)).toEqual([
      "intent.settlement.instruction.expiry: is required when executing a selling intent",
    ]);
  });

  it("requires expiry when executing a primary sale", () => {
    const bad = variant(primarySaleExecution, (v) => {
      delete (v.intent.settlement.instruction as { expiry?: number }).expiry;
    });
    expect(issuesOf(executeIntentRequestSchema, bad)).toEqual([
      "intent.settlement.instruction.expiry: is required when executing a primary sale",
    ]);
  });

  it("refuses expiry when executing a buying intent", () => {
    const bad = variant(buyingExecution, (v) => {
      Object.assign(v.intent.settlement.instruction, { expiry: 1700086400 });
    });
    expect(issuesOf(executeIntentRequestSchema, bad)).toEqual([
      "intent.settlement.instruction.expiry: must not be supplied when executing a buying intent: the buying intent carries the expiry",
    ]);
  });

  it("takes issuer in a primary sale only", () => {
    const missing = variant(primarySaleExecution, (v) => {
      delete (v.intent as { issuer?: string }).issuer;
    });
    expect(issuesOf(executeIntentRequestSchema, missing)).toEqual(["intent.issuer: is required"]);
    const extra = variant(sellingExecution, (v) => {
      Object.assign(v.intent, { issuer: ISSUER_PROFILE_ID });
    });
    expect(issuesOf(executeIntentRequestSchema, extra)).toEqual([
      "intent.issuer: must not be supplied: issuer is given for a primary sale only",
    ]);
  });

  it("matches the asset instruction to the type", () => {
    const primaryWithSource = variant(primarySaleExecution, (v) => {
      Object.assign(v.intent.asset.instruction, { sourceAccount: tokenAccount(ISSUER_FIN_ID) });
    });
    expect(issuesOf(executeIntentRequestSchema, primaryWithSource)).toEqual([
      'intent.asset.instruction: Unrecognized key: "sourceAccount"',
    ]);
    const sellingWithoutSource = variant(sellingExecution, (v) => {
      delete (v.intent.asset.instruction as { sourceAccount?: unknown }).sourceAccount;
    });
    expect(issuesOf(executeIntentRequestSchema, sellingWithoutSource)).toEqual([
      "intent.asset.instruction.sourceAccount: is required",
    ]);
  });

  it("requires nonce, buyer and signature", () => {
    for (const key of ["nonce", "buyer", "signature"] as const) {
      const bad = variant(sellingExecution, (v) => {
        delete (v.intent as Partial<typeof v.intent>)[key];
      });
      expect(issuesOf(executeIntentRequestSchema, bad)).toEqual([`intent.${key}: is required`]);
    }
  });

  it("refuses unknown execution types, naming the three", () => {
    const bad = variant(sellingExecution, (v) => {
      v.intent.type = "sellingIntent";
    });
    expect(issuesOf(executeIntentRequestSchema, bad)).toEqual([
      "intent.type: must be one of primarySaleExecution, sellingIntentExecution, buyingIntentExecution",
    ]);
  });

  it("refuses amounts that are not positive decimal strings", () => {
    const zero = variant(sellingExecution, (v) => {
      v.intent.asset.term.amount = "0";
    });
    expect(issuesOf(executeIntentRequestSchema, zero)).toEqual(["intent.asset.term.amount: must be greater than zero"]);
    const number = variant(sellingExecution, (v) => {
      (v.intent.settlement.term as { amount: unknown }).amount = 105;
    });
    expect(issuesOf(executeIntentRequestSchema, number)[0]).toMatch(
      /^intent\.settlement\.term\.amount: must be a decimal string/,
    );
  });

  it("takes executionId as a plan id or a uuid, and only when given", () => {
    expect(executeIntentRequestSchema.safeParse({ ...sellingExecution, executionId: UUID }).success).toBe(true);
    expect(executeIntentRequestSchema.safeParse({ ...sellingExecution, executionId: PLAN_ID }).success).toBe(true);
    for (const executionId of ["", null, INTENT_ID, "plan-1"]) {
      expect(executeIntentRequestSchema.safeParse({ ...sellingExecution, executionId }).success).toBe(false);
    }
  });

  it("lower-cases the nonce and signature", () => {
    const upper = variant(sellingExecution, (v) => {
      v.intent.nonce = NONCE.toUpperCase();
      v.intent.signature = BUYER_SIGNATURE.toUpperCase();
    });
    const parsed = executeIntentRequestSchema.parse(upper);
    expect(parsed.intent.nonce).toBe(NONCE);
    expect(parsed.intent.signature).toBe(BUYER_SIGNATURE);
  });
});

describe("execution terms", () => {
  it("are strict in requests and tolerant when read from a plan", () => {
    const withExtra = { ...sellingExecution.intent, note: "x" };
    expect(executionTermsSchema.safeParse(withExtra).success).toBe(false);
    expect(executionSchemas.tolerant.terms.parse(withExtra)).toEqual(sellingExecution.intent);
  });

  it("keep the expiry rules when read tolerantly", () => {
    const bad = variant(buyingExecution.intent, (v) => {
      Object.assign(v.settlement.instruction, { expiry: 1 });
    });
    expect(executionSchemas.tolerant.terms.safeParse(bad).success).toBe(false);
  });
});

describe("executeIntentResponseSchema", () => {
  it("reads { isCompleted, response: { executionPlanId } }", () => {
    expect(
      executeIntentResponseSchema.safeParse({ isCompleted: true, response: { executionPlanId: PLAN_ID } }).success,
    ).toBe(true);
    expect(executeIntentResponseSchema.safeParse({ isCompleted: true, response: {} }).success).toBe(false);
  });
});
