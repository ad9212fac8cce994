import { describe, expect, it } from "vitest";

import {
  adapterReceiptSchema,
  APPROVAL_VALIDATION_FAILURE,
  approvalSchema,
  executionContextSchema,
  OPERATION_ERROR_CODES,
  operationEnvelopeSchema,
  operationResultOf,
  polledOperationOf,
  receiptWrapperSchema,
} from "@/lib/schemas/operation";
import { BUYER_FIN_ID, issuesOf, omit, party, PLAN_ID, SELLER_FIN_ID, USD, UUID } from "@/lib/schemas/test-fixtures";

const releaseReceipt = {
  id: UUID,
  asset: USD,
  source: party(BUYER_FIN_ID),
  destination: party(SELLER_FIN_ID),
  quantity: "105.00",
  settlementRef: "",
  timestamp: 1700000100,
};

describe("error codes", () => {
  it("are the specified ones", () => {
    expect(OPERATION_ERROR_CODES).toEqual({ hold: 11, release: 12, rollback: 13, payout: 22, routerWithdrawal: 30 });
    expect(APPROVAL_VALIDATION_FAILURE).toEqual({ failureType: "validationFailure", code: 1001 });
  });
});

describe("operationEnvelopeSchema", () => {
  it("reads pending, completed and failed envelopes", () => {
    expect(
      operationEnvelopeSchema.safeParse({ cid: UUID, isCompleted: false, type: "deposit", response: {} }).success,
    ).toBe(true);
    expect(
      operationEnvelopeSchema.safeParse({ isCompleted: true, response: { id: "x" }, type: "profile" }).success,
    ).toBe(true);
    expect(
      operationEnvelopeSchema.safeParse({
        cid: UUID,
        isCompleted: true,
        type: "",
        error: { Code: 11, Message: "hold operation failed" },
      }).success,
    ).toBe(true);
  });

  it("needs a cid while in progress", () => {
    expect(issuesOf(operationEnvelopeSchema, { isCompleted: false })).toEqual([
      "cid: an operation still in progress must carry a cid to poll",
    ]);
  });

  it("checks the error shape", () => {
    expect(operationEnvelopeSchema.safeParse({ isCompleted: true, error: { Code: "11", Message: "x" } }).success).toBe(
      false,
    );
    expect(operationEnvelopeSchema.safeParse({ isCompleted: true, error: { Code: 1.5, Message: "x" } }).success).toBe(
      false,
    );
  });

  it("drops unknown keys of another organization's answer", () => {
    expect(operationEnvelopeSchema.parse({ cid: UUID, isCompleted: false, vendor: "x" })).toEqual({
      cid: UUID,
      isCompleted: false,
    });
  });

  it("reads approvals", () => {
    const approved = { cid: UUID, isCompleted: true, approval: { status: "approved" } };
    expect(operationEnvelopeSchema.parse(approved)).toEqual(approved);
  });
});

describe("approvalSchema", () => {
  it("reads a rejection with its failure", () => {
    const rejected = {
      status: "rejected",
      failure: { failureType: "validationFailure", code: 1001, message: "invalid input data" },
    };
    expect(approvalSchema.parse(rejected)).toEqual(rejected);
  });

  it("refuses other statuses", () => {
    expect(issuesOf(approvalSchema, { status: "APPROVED" })).toEqual(['status: must be "approved" or "rejected"']);
  });
});

describe("operationResultOf", () => {
  const result = operationResultOf(adapterReceiptSchema);

  it("types the successful response", () => {
    const parsed = result.parse({ cid: UUID, isCompleted: true, response: releaseReceipt });
    expect(parsed.isCompleted && "response" in parsed ? parsed.response.quantity : null).toBe("105.00");
  });

  it("lets a pending operation carry an empty response", () => {
    expect(result.safeParse({ cid: UUID, isCompleted: false, response: {} }).success).toBe(true);
  });

  it("refuses a completed success whose response is not the expected shape", () => {
    expect(result.safeParse({ cid: UUID, isCompleted: true, response: {} }).success).toBe(false);
  });

  it("reads failures", () => {
    expect(
      result.safeParse({ cid: UUID, isCompleted: true, error: { Code: 12, Message: "release operation failed" } })
        .success,
    ).toBe(true);
  });
});

describe("receipt wrapper", () => {
  it("reads the payout completion of decisions.md §2", () => {
    const payout = { ...releaseReceipt, destination: undefined, settlementRef: "" };
    const wrapped = { type: "receipt", operation: { cid: UUID, isCompleted: true, response: payout } };
    expect(receiptWrapperSchema.safeParse(wrapped).success).toBe(true);
  });

  it("polledOperationOf unwraps wrapped answers and passes bare ones", () => {
    const polled = polledOperationOf(adapterReceiptSchema);
    const bare = { cid: UUID, isCompleted: true, response: releaseReceipt };
    expect(polled.parse({ type: "receipt", operation: bare })).toEqual(bare);
    expect(polled.parse(bare)).toEqual(bare);
  });
});

describe("adapterReceiptSchema", () => {
  it("accepts a release receipt with source and destination, and a rollback receipt without", () => {
    expect(adapterReceiptSchema.parse(releaseReceipt)).toEqual(releaseReceipt);
    const rollback = omit(releaseReceipt, "source", "destination");
    expect(adapterReceiptSchema.safeParse({ ...rollback, settlementRef: "op-hold-1" }).success).toBe(true);
  });

  it("checks id, quantity and timestamp", () => {
    expect(issuesOf(adapterReceiptSchema, { ...releaseReceipt, id: "r1" })).toEqual(["id: must be a uuid"]);
    expect(adapterReceiptSchema.safeParse({ ...releaseReceipt, quantity: 105 }).success).toBe(false);
    expect(adapterReceiptSchema.safeParse({ ...releaseReceipt, timestamp: "1700000100" }).success).toBe(false);
  });
});

describe("executionContextSchema", () => {
  it("accepts a plan id and a step number", () => {
    expect(executionContextSchema.parse({ executionPlanId: PLAN_ID, instructionSequenceNumber: 1 })).toEqual({
      executionPlanId: PLAN_ID,
      instructionSequenceNumber: 1,
    });
  });

  it("refuses step 0 and other ids", () => {
    expect(issuesOf(executionContextSchema, { executionPlanId: PLAN_ID, instructionSequenceNumber: 0 })).toEqual([
      "instructionSequenceNumber: must be 1 or more",
    ]);
    expect(executionContextSchema.safeParse({ executionPlanId: UUID, instructionSequenceNumber: 1 }).success).toBe(
      false,
    );
  });
});
