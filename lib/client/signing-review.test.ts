import { describe, expect, it } from "vitest";

import { generateNonce } from "@/lib/domain/nonce";
import { buildTradeTemplate } from "@/lib/domain/signature-template";

import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";

import { requestHeadline, reviewSigningTemplate, timeLeftWords } from "./signing-review";

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
  it("says what is signed in words, naming the signer as you and others by key fingerprint, with every field", () => {
    const review = reviewSigningTemplate(template, SELLER);
    expect(review.ok).toBe(true);
    if (!review.ok) return;
    expect(review.summary).toEqual([
      `6 tokens of asset node:102:x, from you (key ${finIdFingerprint(SELLER)}), delivered to key ${finIdFingerprint(BUYER)}.`,
      `12 USD paid from key ${finIdFingerprint(BUYER)} to you (key ${finIdFingerprint(SELLER)}), the money held until 2026-11-21 22:26 UTC.`,
    ]);
    expect(review.summary.join(" ")).not.toContain(BUYER);
    expect(review.lines).toHaveLength(template.hashGroups.flatMap((g) => g.fields).length);
    expect(review.lines.find((l) => l.name === "operation")).toMatchObject({ group: "Tokens", value: "transfer existing tokens" });
    // The table of signed fields keeps the whole key: it shows exactly what is signed.
    expect(review.lines.find((l) => l.name === "dstAccount")?.value).toBe(`key ${finIdFingerprint(BUYER)}: ${BUYER}`);
  });

  it("names the asset and the counterparty when the inbox knows them", () => {
    const review = reviewSigningTemplate(template, SELLER, { assetId: "node:102:x", assetName: "Harbour Fund A", counterparty: { role: "buyer", finId: BUYER } });
    expect(review.ok && review.summary[0]).toBe(`6 tokens of Harbour Fund A, from you (key ${finIdFingerprint(SELLER)}), delivered to the buyer (key ${finIdFingerprint(BUYER)}).`);
  });

  it("refuses a template whose hash does not match its fields", () => {
    const tampered = structuredClone(template);
    const amount = tampered.hashGroups[1]?.fields.find((f) => f.name === "amount");
    if (amount) amount.value = "1";
    expect(reviewSigningTemplate(tampered, SELLER)).toEqual({ ok: false, reason: expect.stringMatching(/does not match/) });
  });
});

describe("requestHeadline", () => {
  const ctx = { assetId: "node:102:x", assetName: "Harbour Fund A", counterparty: null };
  it("says the trade from the signer's side", () => {
    expect(requestHeadline(template, SELLER, ctx)).toBe("Sell 6 Harbour Fund A for 12 USD");
    expect(requestHeadline(template, BUYER, ctx)).toBe("Buy 6 Harbour Fund A for 12 USD");
    expect(requestHeadline(template, SELLER)).toBe("Sell 6 tokens for 12 USD");
  });
});

describe("timeLeftWords", () => {
  it("counts down in hours, minutes and seconds, and says nothing once the time is up", () => {
    expect(timeLeftWords(600)).toBe("10 min 0 s left to answer");
    expect(timeLeftWords(581)).toBe("9 min 41 s left to answer");
    expect(timeLeftWords(42)).toBe("42 s left to answer");
    expect(timeLeftWords(7_260)).toBe("2 h 1 min left to answer");
    expect(timeLeftWords(0)).toBeNull();
    expect(timeLeftWords(-5)).toBeNull();
  });
});
