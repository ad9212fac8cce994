import { describe, expect, it } from "vitest";

import {
  depositInstructionRequestSchema,
  depositInstructionSchema,
  holdRequestSchema,
  incomingFundsRequestSchema,
  payoutRequestSchema,
  planApproveRequestSchema,
  releaseRequestSchema,
  rollbackRequestSchema,
} from "@/lib/schemas/adapter";
import {
  BUYER_FIN_ID,
  BUYER_SIGNATURE,
  DEPOSIT_TEMPLATE,
  ISSUER_FIN_ID,
  issuesOf,
  omit,
  NONCE,
  party,
  PLAN_ID,
  SELLER_FIN_ID,
  TRADE_TEMPLATE,
  USD,
} from "@/lib/schemas/test-fixtures";

const context = (step: number) => ({ executionPlanId: PLAN_ID, instructionSequenceNumber: step });

const hold = {
  asset: USD,
  source: party(BUYER_FIN_ID),
  expiry: 1700086400,
  nonce: NONCE,
  operationId: `${PLAN_ID}:1`,
  quantity: "105.00",
  signature: { signature: BUYER_SIGNATURE, template: TRADE_TEMPLATE },
  executionContext: context(1),
};

describe("depositInstructionRequestSchema", () => {
  const valid = {
    asset: USD,
    destination: party(BUYER_FIN_ID),
    owner: party(BUYER_FIN_ID),
    amount: "5000",
    details: "",
    nonce: NONCE,
    signature: { signature: BUYER_SIGNATURE, template: DEPOSIT_TEMPLATE },
  };

  it("accepts the specified body", () => {
    expect(depositInstructionRequestSchema.parse(valid)).toEqual(valid);
  });

  it("needs a signature with its template", () => {
    expect(depositInstructionRequestSchema.safeParse({ ...valid, signature: BUYER_SIGNATURE }).success).toBe(false);
  });

  it("takes nonce and signature together or not at all", () => {
    expect(depositInstructionRequestSchema.safeParse(omit(omit(valid, "nonce"), "signature")).success).toBe(true);
    expect(issuesOf(depositInstructionRequestSchema, omit(valid, "nonce"))).toEqual([
      "signature: nonce and signature come together: give both or neither",
    ]);
  });
});

describe("depositInstructionSchema (the answer)", () => {
  it("reads { account: Party, description }", () => {
    const answer = {
      account: party(ISSUER_FIN_ID),
      description: "Bank address|1 Main St|Beneficiary name|Escrow Ltd|Reference number|REF-42",
    };
    expect(depositInstructionSchema.parse({ ...answer, extra: true })).toEqual(answer);
  });
});

describe("planApproveRequestSchema", () => {
  it("takes a plan id only", () => {
    expect(planApproveRequestSchema.safeParse({ executionPlanId: PLAN_ID }).success).toBe(true);
    expect(planApproveRequestSchema.safeParse({ executionPlanId: PLAN_ID, intentId: "x" }).success).toBe(false);
  });
});

describe("holdRequestSchema", () => {
  it("accepts the specified body", () => {
    expect(holdRequestSchema.parse(hold)).toEqual(hold);
  });

  it("requires expiry, nonce and signature", () => {
    for (const key of ["expiry", "nonce", "signature", "executionContext"] as const) {
      expect(issuesOf(holdRequestSchema, omit(hold, key))).toEqual([`${key}: is required`]);
    }
  });

  it("refuses a zero quantity", () => {
    expect(issuesOf(holdRequestSchema, { ...hold, quantity: "0" })).toEqual(["quantity: must be greater than zero"]);
  });
});

describe("releaseRequestSchema", () => {
  const release = {
    asset: USD,
    source: party(BUYER_FIN_ID),
    destination: party(SELLER_FIN_ID),
    operationId: `${PLAN_ID}:3`,
    quantity: "105.00",
    executionContext: context(3),
  };

  it("accepts the specified body", () => {
    expect(releaseRequestSchema.parse(release)).toEqual(release);
  });

  it("carries no expiry, nonce or signature", () => {
    expect(issuesOf(releaseRequestSchema, { ...release, expiry: 1, nonce: NONCE })).toEqual([
      ': Unrecognized keys: "expiry", "nonce"',
    ]);
  });
});

describe("rollbackRequestSchema", () => {
  const rollback = {
    asset: USD,
    source: party(BUYER_FIN_ID),
    operationId: `${PLAN_ID}:1`,
    quantity: "105.00",
    executionContext: context(1),
  };

  it("accepts the specified body and refuses a destination", () => {
    expect(rollbackRequestSchema.parse(rollback)).toEqual(rollback);
    expect(rollbackRequestSchema.safeParse({ ...rollback, destination: party(SELLER_FIN_ID) }).success).toBe(false);
  });
});

describe("payoutRequestSchema", () => {
  const payout = {
    asset: USD,
    source: party(SELLER_FIN_ID),
    amount: "99.99",
    payoutInstruction: { description: "IBAN DE89370400440532013000" },
    nonce: NONCE,
    signature: { signature: BUYER_SIGNATURE, template: DEPOSIT_TEMPLATE },
  };

  it("accepts the specified body", () => {
    expect(payoutRequestSchema.parse(payout)).toEqual(payout);
  });

  it("needs a payout description", () => {
    expect(issuesOf(payoutRequestSchema, { ...payout, payoutInstruction: { description: "" } })).toEqual([
      "payoutInstruction.description: must not be empty",
    ]);
  });
});

describe("incomingFundsRequestSchema", () => {
  it("accepts { reference, amount, currency }", () => {
    expect(incomingFundsRequestSchema.parse({ reference: " REF-42 ", amount: "5000", currency: "USD" })).toEqual({
      reference: "REF-42",
      amount: "5000",
      currency: "USD",
    });
  });

  it("refuses a bad currency, a zero amount and a missing reference", () => {
    expect(issuesOf(incomingFundsRequestSchema, { reference: "", amount: "0", currency: "usd" })).toEqual([
      "reference: must not be empty",
      "amount: must be greater than zero",
      "currency: must be a 3-letter upper-case currency code such as USD",
    ]);
  });
});
