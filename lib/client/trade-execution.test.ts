import { describe, expect, it } from "vitest";

import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import { generatePrivateKey, getFinId, signHash, verifyHashSignature } from "@/lib/domain/secp256k1";
import { tradeTemplate } from "@/lib/domain/trade/trade";
import { assetViewSchema } from "@/lib/schemas/asset";
import { intentSchema } from "@/lib/schemas/intent";
import { executeIntentRequestSchema } from "@/lib/schemas/intent-execution";
import { describeSignedFields } from "./signed-fields";
import { payeeOf, payerOf, prepareBuy, prepareSell, signExecution } from "./trade-execution";

const NOW = Math.floor(Date.now() / 1000);
const ASSET_ID = "node:102:8c7d5a52-3f0e-4c55-9a55-0d1b6a7f1e01";
const ISSUER_PROFILE = "node:101:2b3c4d5e-6f7a-4b2c-8d3e-4f5a6b7c8d9e";
const BUYER_PROFILE = "node:101:0f8e4c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b";
const issuerFinId = getFinId(generatePrivateKey());
const usd = { type: "fiat", code: "USD" } as const;
const tokens = { type: "p2p", resourceId: ASSET_ID } as const;

const asset = assetViewSchema.parse({ id: ASSET_ID, name: "Green Bond", organizationId: "node", issuerId: ISSUER_PROFILE, denomination: usd, decimals: 0, rules: { kycAml: false, accreditation: false } });
const sale = intentSchema.parse({
  id: "node:105:3c4d5e6f-7a8b-4c3d-9e4f-5a6b7c8d9e0f",
  type: "primarySale",
  start: NOW - 60,
  end: NOW + 3600,
  status: "ACTIVE",
  assetTerm: { asset: tokens, amount: "1000" },
  assetInstruction: { account: { account: { type: "finId", finId: issuerFinId, orgId: "node" }, asset: tokens } },
  settlementTerm: { asset: usd, unitValue: "2.5" },
  remainingQuantity: "1000",
  intent: {
    type: "primarySale",
    issuerId: ISSUER_PROFILE,
    sellingSettlementInstruction: { type: "escrow", whiteListedEscrows: ["escrow"], accounts: [{ asset: usd, identifier: { type: "finId", finId: issuerFinId, orgId: "escrow" } }] },
  },
});

describe("prepareBuy and signExecution", () => {
  it("build a valid execute request whose signature verifies over the template the router rebuilds, without the private key", () => {
    const privateKey = generatePrivateKey();
    const buyer = { id: BUYER_PROFILE, finId: getFinId(privateKey), createdAt: NOW, sharedWith: [] };
    const payee = payeeOf(sale);
    expect(payee).toEqual({ finId: issuerFinId, escrowOrgId: "escrow", issuerProfileId: ISSUER_PROFILE });
    if (!payee) return;
    const prepared = prepareBuy({ intent: sale, asset, buyer, quantity: "8", total: "20", nowSeconds: NOW }, payee);
    const request = signExecution(prepared, (hash) => signHash(hash, privateKey));

    expect(executeIntentRequestSchema.safeParse(request).success).toBe(true);
    expect(request).toMatchObject({ intentId: sale.id, user: BUYER_PROFILE, intent: { type: "primarySaleExecution", buyer: BUYER_PROFILE, issuer: ISSUER_PROFILE } });
    expect(request.intent.settlement.term).toEqual({ asset: usd, amount: "20" });
    expect(request.intent.settlement.instruction.expiry).toBe(NOW + 3600);
    // The router's own rebuild from the same trade gives the same hash, and the signature verifies.
    expect(tradeTemplate(prepared.trade).hash).toBe(prepared.template.hash);
    expect(verifyHashSignature(prepared.template.hash, request.intent.signature, buyer.finId)).toBe(true);
    expect(JSON.stringify(request)).not.toContain(privateKey);
  });

  it("keeps its executionId and nonce: signing the same prepared request twice sends the same body", () => {
    const privateKey = generatePrivateKey();
    const buyer = { id: BUYER_PROFILE, finId: getFinId(privateKey), createdAt: NOW, sharedWith: [] };
    const payee = payeeOf(sale);
    if (!payee) throw new Error("no payee");
    const prepared = prepareBuy({ intent: sale, asset, buyer, quantity: "8", total: "20", nowSeconds: NOW }, payee);
    const sign = (hash: string) => signHash(hash, privateKey);
    expect(signExecution(prepared, sign)).toEqual(signExecution(prepared, sign));
  });

  it("describes every signed field in plain words", () => {
    const buyerFinId = getFinId(generatePrivateKey());
    const buyer = { id: BUYER_PROFILE, finId: buyerFinId, createdAt: NOW, sharedWith: [] };
    const payee = payeeOf(sale);
    if (!payee) throw new Error("no payee");
    const { template } = prepareBuy({ intent: sale, asset, buyer, quantity: "8", total: "20", nowSeconds: NOW }, payee);
    const groups = describeSignedFields(template, { youFinId: buyerFinId, buyerFinId, sellerFinId: issuerFinId, buyerLabel: "the buyer", sellerLabel: "the issuer", assetLabel: "Green Bond" });
    expect(groups.flatMap((g) => g.fields).length).toBe(template.hashGroups.flatMap((g) => g.fields).length);
    for (const field of groups.flatMap((g) => g.fields)) expect(field.meaning, field.name).not.toBe("A field of the trade template.");
    const money = groups[1]?.fields ?? [];
    expect(money.find((f) => f.name === "amount")?.meaning).toBe("20 USD is paid: the quantity times the unit price.");
    expect(money.find((f) => f.name === "srcAccount")?.meaning).toMatch(/^The money is paid by you/);
    expect(money.find((f) => f.name === "dstAccount")?.meaning).toMatch(/^The money is paid to the issuer/);
  });

  it("buys from a selling intent: a transfer from the seller's token account, paid to the seller's escrow account", () => {
    const sellerFinId = getFinId(generatePrivateKey());
    const selling = intentSchema.parse({
      ...sale,
      type: "sellingIntent",
      assetInstruction: { account: { account: { type: "finId", finId: sellerFinId, orgId: "node" }, asset: tokens } },
      intent: {
        type: "sellingIntent",
        seller: ISSUER_PROFILE,
        settlementInstruction: { type: "escrow", destinationAccounts: { account: { type: "finId", finId: sellerFinId, orgId: "escrow" }, asset: usd } },
        signaturePolicy: { type: "manualPolicy", endpoint: "http://127.0.0.1:9/sign" },
      },
    });
    const privateKey = generatePrivateKey();
    const buyer = { id: BUYER_PROFILE, finId: getFinId(privateKey), createdAt: NOW, sharedWith: [] };
    const payee = payeeOf(selling);
    expect(payee).toEqual({ finId: sellerFinId, escrowOrgId: "escrow", issuerProfileId: null });
    if (!payee) return;
    const prepared = prepareBuy({ intent: selling, asset, buyer, quantity: "3", total: "7.5", nowSeconds: NOW }, payee);
    const request = signExecution(prepared, (hash) => signHash(hash, privateKey));
    expect(executeIntentRequestSchema.safeParse(request).success).toBe(true);
    expect(request.intent.type).toBe("sellingIntentExecution");
    expect(prepared.trade).toMatchObject({ kind: "sellingIntent", sellerFinId, counterpartyFinId: sellerFinId });
    expect(prepared.template.hashGroups[0]?.fields.find((f) => f.name === "operation")?.value).toBe("transfer");
    expect(verifyHashSignature(tradeTemplate(prepared.trade).hash, request.intent.signature, buyer.finId)).toBe(true);
  });

  it("has no payee for a buying intent, and no payer for the others: a buying intent is sold into", () => {
    const buying = { ...sale, type: "buyingIntent" as const, intent: { type: "buyingIntent" as const, buyer: BUYER_PROFILE, settlementInstruction: { type: "escrow" as const, destinationAccounts: { account: { type: "finId" as const, finId: issuerFinId }, asset: tokens }, expiry: NOW + 60 } } };
    expect(payeeOf(buying)).toBeNull();
    expect(payerOf(buying)).toEqual({ finId: issuerFinId, profileId: BUYER_PROFILE, holdExpiry: NOW + 60 });
    expect(payerOf(sale)).toBeNull();
  });

  it("sells into a buying intent: the seller signs a transfer without expiry, the buyer pays from the chosen payment organization", () => {
    const buyerFinId = getFinId(generatePrivateKey());
    const buying = intentSchema.parse({
      ...sale,
      type: "buyingIntent",
      assetTerm: { asset: tokens, amount: "4" },
      remainingQuantity: "4",
      settlementTerm: { asset: usd, unitValue: "3" },
      assetInstruction: { account: { account: { type: "finId", finId: buyerFinId, orgId: "node" }, asset: tokens } },
      intent: {
        type: "buyingIntent",
        buyer: BUYER_PROFILE,
        settlementInstruction: { type: "escrow", destinationAccounts: { account: { type: "finId", finId: buyerFinId, orgId: "node" }, asset: tokens }, expiry: NOW + 7200 },
        signaturePolicy: { type: "manualPolicy", endpoint: "http://127.0.0.1:9/sign" },
      },
    });
    const privateKey = generatePrivateKey();
    const seller = { id: ISSUER_PROFILE, finId: getFinId(privateKey), createdAt: NOW, sharedWith: [] };
    const payer = payerOf(buying);
    if (!payer) throw new Error("no payer");
    const prepared = prepareSell({ intent: buying, asset, seller, quantity: "4", total: "12", escrowOrgId: "escrow", nowSeconds: NOW }, payer);
    const request = signExecution(prepared, (hash) => signHash(hash, privateKey));
    expect(executeIntentRequestSchema.safeParse(request).success).toBe(true);
    expect(request).toMatchObject({ user: ISSUER_PROFILE, intent: { type: "buyingIntentExecution", buyer: BUYER_PROFILE } });
    expect(request.intent.settlement.instruction).not.toHaveProperty("expiry");
    expect(request.intent.settlement.instruction.sourceAccount.account).toEqual({ type: "finId", finId: buyerFinId, orgId: "escrow" });
    expect(prepared.trade).toMatchObject({ kind: "buyingIntent", buyerFinId, sellerFinId: seller.finId, executorFinId: seller.finId, counterpartyFinId: buyerFinId, signedExpiry: null, holdExpiry: NOW + 7200 });
    expect(prepared.template.hashGroups[1]?.fields.some((f) => f.name === "expiry")).toBe(false);
    expect(verifyHashSignature(tradeTemplate(prepared.trade).hash, request.intent.signature, seller.finId)).toBe(true);
    const groups = describeSignedFields(prepared.template, { youFinId: seller.finId, buyerFinId, sellerFinId: seller.finId, buyerLabel: "the buyer", sellerLabel: "the seller", assetLabel: "Green Bond" });
    const meanings = groups.flatMap((g) => g.fields.map((f) => f.meaning));
    expect(meanings).toContain(`The tokens come from you (your key ${finIdFingerprint(seller.finId)}).`);
    expect(meanings).toContain(`The money is paid by the buyer (key ${finIdFingerprint(buyerFinId)}).`);
  });
});
