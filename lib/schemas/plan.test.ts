import { describe, expect, it } from "vitest";

import {
  executionPlanSchema,
  GRAPHQL_PLAN_STATUSES,
  PLAN_STATUS_FROM_GRAPHQL,
  PLAN_STATUS_TO_GRAPHQL,
  PLAN_STATUSES,
  planEventSchema,
  planStatusSchema,
} from "@/lib/schemas/plan";
import {
  BUYER_FIN_ID,
  BUYER_SIGNATURE,
  INTENT_ID,
  ISSUER_FIN_ID,
  ISSUER_PROFILE_ID,
  issuesOf,
  party,
  PLAN_ID,
  TOKEN,
  tokenAccount,
  TRADE_TEMPLATE,
  USD,
  usdAccount,
  UUID,
  variant,
} from "@/lib/schemas/test-fixtures";

/** The intent the plan executes, copied into it. */
const intent = {
  id: INTENT_ID,
  type: "primarySale",
  start: 1700000000,
  end: 1700086400,
  status: "ACTIVE",
  assetTerm: { asset: TOKEN, amount: "100" },
  assetInstruction: { account: tokenAccount(ISSUER_FIN_ID) },
  settlementTerm: { asset: USD, unitValue: "100" },
  remainingQuantity: "90",
  intent: {
    type: "primarySale",
    issuerId: ISSUER_PROFILE_ID,
    sellingSettlementInstruction: { type: "escrow", whiteListedEscrows: ["escrow"], accounts: [{ asset: USD, identifier: usdAccount(ISSUER_FIN_ID).account }] },
  },
};

const plan = {
  id: PLAN_ID,
  intentID: INTENT_ID,
  instructions: [
    {
      sequence: 1,
      organizations: ["escrow"],
      executionPlanOperation: {
        type: "hold",
        amount: "1000",
        asset: USD,
        source: party(BUYER_FIN_ID),
        destination: party(ISSUER_FIN_ID),
        signature: { signature: BUYER_SIGNATURE, template: TRADE_TEMPLATE },
      },
    },
    {
      sequence: 2,
      organizations: ["node"],
      executionPlanOperation: { type: "issue", amount: "10", asset: TOKEN, destination: party(BUYER_FIN_ID) },
    },
    {
      sequence: 3,
      organizations: ["escrow"],
      executionPlanOperation: {
        type: "release",
        amount: "1000",
        asset: USD,
        source: party(BUYER_FIN_ID),
        destination: party(ISSUER_FIN_ID),
      },
    },
  ],
  participants: [
    { organizationId: "node", roles: ["contributor"] },
    { organizationId: "escrow", roles: ["contributor", "observer"] },
  ],
  creationTimestamp: 1700000060,
  currentInstructionSequence: 2,
  executionPlanStatus: "approved",
  approvals: [{ organizationId: "escrow" }],
  instructionsCompletionEvents: [
    {
      instructionSequenceNumber: 1,
      output: {
        id: UUID,
        type: "receipt",
        asset: USD,
        quantity: "1000",
        timestamp: 1700000070,
        source: party(BUYER_FIN_ID),
        details: {},
      },
    },
  ],
  intent,
};

describe("executionPlanSchema", () => {
  it("reads a delivery-versus-payment plan", () => {
    expect(executionPlanSchema.parse(plan)).toEqual(plan);
  });

  it("drops unknown keys, as for anything read from another organization", () => {
    expect(executionPlanSchema.parse({ ...plan, version: 2 })).toEqual(plan);
  });

  it("uses the lower-case statuses of the REST plan query", () => {
    expect(issuesOf(executionPlanSchema, { ...plan, executionPlanStatus: "Approved" })).toEqual([
      "executionPlanStatus: must be one of pending, approved, completed, failed, rejected",
    ]);
  });

  it("needs steps numbered 1, 2, 3 in order", () => {
    const shuffled = variant(plan, (p) => {
      p.instructions.reverse();
    });
    expect(issuesOf(executionPlanSchema, shuffled)).toEqual([
      "instructions: instruction sequences must be 1, 2, 3, ... in order",
    ]);
  });

  it("knows the operation types and participant roles", () => {
    const badOperation = variant(plan, (p) => {
      p.instructions[1]!.executionPlanOperation.type = "mint";
    });
    expect(issuesOf(executionPlanSchema, badOperation)).toEqual([
      "instructions.1.executionPlanOperation.type: must be one of hold, issue, transfer, release",
    ]);
    const badRole = variant(plan, (p) => {
      p.participants[0]!.roles = ["owner"];
    });
    expect(issuesOf(executionPlanSchema, badRole)).toEqual([
      'participants.0.roles.0: must be "contributor" or "observer"',
    ]);
  });

  it("carries the intent it executes", () => {
    const noId = variant(plan, (p) => {
      delete (p.intent as { id?: string }).id;
    });
    expect(issuesOf(executionPlanSchema, noId)).toEqual(["intent.id: is required"]);
  });
});

describe("plan statuses", () => {
  it("map between the REST and GraphQL spellings both ways", () => {
    for (const status of PLAN_STATUSES) {
      expect(PLAN_STATUS_FROM_GRAPHQL[PLAN_STATUS_TO_GRAPHQL[status]]).toBe(status);
    }
    expect(Object.values(PLAN_STATUS_TO_GRAPHQL)).toEqual([...GRAPHQL_PLAN_STATUSES]);
    expect(planStatusSchema.safeParse("Completed").success).toBe(false);
  });
});

describe("planEventSchema", () => {
  it("reads { id, status, creationTimestamp, intent { id } } with the GraphQL status", () => {
    const event = { id: PLAN_ID, status: "Pending", creationTimestamp: 1700000060, intent: { id: INTENT_ID } };
    expect(planEventSchema.parse(event)).toEqual(event);
    expect(planEventSchema.safeParse({ ...event, status: "pending" }).success).toBe(false);
  });
});
