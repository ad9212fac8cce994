import { describe, expect, it } from "vitest";

import { signatureDeclineRequestSchema, signatureResultRequestSchema, signingReplySchema, signingRequestSchema } from "@/lib/schemas/signing";
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

describe("signatureDeclineRequestSchema", () => {
  const valid = { requestId: UUID, assetId: ASSET_ID, intentId: INTENT_ID, reason: "Not at this price." };

  it("accepts the request's ids and a reason, trimmed; line breaks are fine", () => {
    expect(signatureDeclineRequestSchema.parse({ ...valid, reason: "  Not at this price.\nTry 2 USD.  " })).toEqual({ ...valid, reason: "Not at this price.\nTry 2 USD." });
  });

  it("wants a reason of 1 to 500 characters of plain text", () => {
    expect(issuesOf(signatureDeclineRequestSchema, omit(valid, "reason"))).toEqual(["reason: is required"]);
    expect(issuesOf(signatureDeclineRequestSchema, { ...valid, reason: "   " })).toEqual(["reason: must not be empty"]);
    expect(issuesOf(signatureDeclineRequestSchema, { ...valid, reason: "x".repeat(501) })).toEqual(["reason: must be at most 500 characters"]);
    for (const reason of ["a\u0000b", "bell\u0007", "A\ud800", "\udfffB"]) {
      expect(issuesOf(signatureDeclineRequestSchema, { ...valid, reason }), JSON.stringify(reason)).toEqual(["reason: must be plain text, without control characters"]);
    }
    expect(signatureDeclineRequestSchema.safeParse({ ...valid, reason: "Preis zu niedrig 😀" }).success).toBe(true);
  });

  it("takes no signature and nothing else", () => {
    expect(issuesOf(signatureDeclineRequestSchema, { ...valid, signature: "00" })).toHaveLength(1);
  });
});
