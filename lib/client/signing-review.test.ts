import { describe, expect, it } from "vitest";

import { generateNonce } from "@/lib/domain/nonce";
import { buildTradeTemplate } from "@/lib/domain/signature-template";

import { reviewSigningTemplate } from "./signing-review";

const SELLER = `02${"aa".repeat(32)}`;
const BUYER = `03${"bb".repeat(32)}`;
const template = buildTradeTemplate({
  nonce: generateNonce(),
  operation: "transfer",
  asset: { assetType: "p2p", assetId: "node:102:x" },
  source: { accountType: "finId", account: SELLER },
  destination: { accountType: "finId", account: BUYER },
  amount: "6",
  payment: { assetType: "fiat", assetId: "USD", source: { accountType: "finId", account: BUYER }, destination: { accountType: "finId", account: SELLER }, amount: "12", expiry: 1795300000 },
});

describe("reviewSigningTemplate", () => {
  it("says what is signed in words, naming the signer as you, with every field", () => {
    const review = reviewSigningTemplate(template, SELLER);
    expect(review.ok).toBe(true);
    if (!review.ok) return;
    expect(review.summary).toEqual([
      `6 tokens of asset node:102:x, from you (${SELLER}), delivered to ${BUYER}.`,
      `12 USD paid from ${BUYER} to you (${SELLER}), the money held until 2026-11-21 22:26 UTC.`,
    ]);
    expect(review.lines).toHaveLength(template.hashGroups.flatMap((g) => g.fields).length);
    expect(review.lines.find((l) => l.name === "operation")).toMatchObject({ group: "Tokens", value: "transfer existing tokens" });
  });

  it("refuses a template whose hash does not match its fields", () => {
    const tampered = structuredClone(template);
    const amount = tampered.hashGroups[1]?.fields.find((f) => f.name === "amount");
    if (amount) amount.value = "1";
    expect(reviewSigningTemplate(tampered, SELLER)).toEqual({ ok: false, reason: expect.stringMatching(/does not match/) });
  });
});
