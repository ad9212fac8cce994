import { describe, expect, it } from "vitest";

import { signatureResultRequestSchema, signingReplySchema, signingRequestSchema } from "@/lib/schemas/signing";
import {
  ASSET_ID,
  INTENT_ID,
  issuesOf,
  omit,
  SELLER_FIN_ID,
  SELLER_SIGNATURE,
  TRADE_TEMPLATE,
  UUID,
} from "@/lib/schemas/test-fixtures";

describe("signingRequestSchema", () => {
  const valid = {
    requestId: UUID,
    intentId: INTENT_ID,
    signer: SELLER_FIN_ID,
    hashFunction: "sha3-256",
    signatureTemplate: TRADE_TEMPLATE,
  };

  it("accepts the callback request", () => {
    expect(signingRequestSchema.parse(valid)).toEqual(valid);
  });

  it("only knows sha3-256", () => {
    expect(issuesOf(signingRequestSchema, { ...valid, hashFunction: "keccak256" })).toEqual([
      'hashFunction: must be "sha3-256"',
    ]);
  });
});

describe("signingReplySchema", () => {
  it("reads an acknowledgement or a signature", () => {
    expect(signingReplySchema.parse({ type: "acknowledgement", note: "later" })).toEqual({ type: "acknowledgement" });
    expect(signingReplySchema.parse({ type: "signature", signature: SELLER_SIGNATURE })).toEqual({
      type: "signature",
      signature: SELLER_SIGNATURE,
    });
  });

  it("refuses a signature reply without a valid signature, and other types", () => {
    expect(signingReplySchema.safeParse({ type: "signature" }).success).toBe(false);
    expect(signingReplySchema.safeParse({ type: "signature", signature: "00" }).success).toBe(false);
    expect(issuesOf(signingReplySchema, { type: "later" })).toEqual([
      'type: type must be "acknowledgement" or "signature"',
    ]);
  });
});

describe("signatureResultRequestSchema", () => {
  const valid = { requestId: UUID, assetId: ASSET_ID, intentId: INTENT_ID, signature: SELLER_SIGNATURE };

  it("accepts the four fields", () => {
    expect(signatureResultRequestSchema.parse(valid)).toEqual(valid);
  });

  it("requires the requestId it answers", () => {
    expect(issuesOf(signatureResultRequestSchema, omit(valid, "requestId"))).toEqual(["requestId: is required"]);
  });

  it("checks the ids' classes", () => {
    expect(issuesOf(signatureResultRequestSchema, { ...valid, assetId: INTENT_ID })).toEqual([
      "assetId: must be an asset id of the form <orgId>:102:<uuid>",
    ]);
  });
});
