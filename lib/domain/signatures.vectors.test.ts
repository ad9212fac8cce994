// Reproduces every worked example of ../shared/spec/vectors.json (decisions.md §5) byte for byte.

import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { parseNonce } from "@/lib/domain/nonce";
import { getFinId, signHash, verifyHashSignature } from "@/lib/domain/secp256k1";
import { verifyHashSignatureNative, verifyHashSignatureNode } from "@/lib/domain/secp256k1-node";
import {
  buildDepositTemplate,
  buildPayoutTemplate,
  buildTradeTemplate,
  profileProofHash,
  templatesEqual,
  verifyTemplateHashes,
  type SignatureTemplate,
  type TemplateAccountType,
  type TemplateAssetType,
  type TemplateField,
} from "@/lib/domain/signature-template";

type SignedVector = { template: SignatureTemplate; signer: string; signature: string };
type Vectors = {
  keys: Record<string, { privateKey: string; finId: string }>;
  nonces: { hex: string; epochSeconds: number }[];
  ownerProfile: { publicKey: string; hash: string; signature: string };
  highSSignature: { of: string; signature: string; mustVerify: boolean };
} & Record<string, unknown>;

const vectors = JSON.parse(
  readFileSync(new URL("../../../shared/spec/vectors.json", import.meta.url), "utf8"),
) as Vectors;

type Kind = "trade" | "deposit" | "payout";
const SIGNED: Record<string, Kind> = {
  sellingIntentExecution: "trade",
  sellingIntentExecutionSellerSignature: "trade",
  primarySaleExecution: "trade",
  buyingIntentExecution: "trade",
  depositInstruction: "deposit",
  payout: "payout",
};

function signed(name: string): SignedVector {
  const v = vectors[name];
  if (v === undefined) throw new Error(`vectors.json has no ${name}`);
  return v as SignedVector;
}

/** Reads a group's field values by name: these are the request's terms the builders start from. */
function termsOf(fields: readonly TemplateField[]) {
  const get = (name: string): string => {
    const field = fields.find((f) => f.name === name);
    if (field === undefined) throw new Error(`missing field ${name}`);
    return field.value;
  };
  const has = (name: string) => fields.some((f) => f.name === name);
  const account = (prefix: "src" | "dst") => ({
    accountType: get(`${prefix}AccountType`) as TemplateAccountType,
    account: get(`${prefix}Account`),
  });
  return { get, has, account };
}

function rebuild(kind: Kind, template: SignatureTemplate): SignatureTemplate {
  const [assetGroup, paymentGroup] = template.hashGroups;
  if (assetGroup === undefined) throw new Error("template has no groups");
  const leg = termsOf(assetGroup.fields);
  const assetType = leg.get("assetType") as TemplateAssetType;
  if (kind === "deposit") {
    const { accountType, account } = leg.account("dst");
    return buildDepositTemplate({
      nonce: leg.get("nonce"), assetType, assetId: leg.get("assetId"),
      dstAccountType: accountType, dstAccount: account, amount: leg.get("amount"),
    });
  }
  if (kind === "payout") {
    const { accountType, account } = leg.account("src");
    return buildPayoutTemplate({
      nonce: leg.get("nonce"), assetType, assetId: leg.get("assetId"),
      srcAccountType: accountType, srcAccount: account, amount: leg.get("amount"),
    });
  }
  if (paymentGroup === undefined) throw new Error("trade template has no payment group");
  const pay = termsOf(paymentGroup.fields);
  const operation = leg.get("operation") as "issue" | "transfer";
  return buildTradeTemplate({
    nonce: leg.get("nonce"),
    operation,
    asset: { assetType, assetId: leg.get("assetId") },
    ...(operation === "transfer" ? { source: leg.account("src") } : {}),
    destination: leg.account("dst"),
    amount: leg.get("amount"),
    payment: {
      assetType: pay.get("assetType") as TemplateAssetType,
      assetId: pay.get("assetId"),
      source: pay.account("src"),
      destination: pay.account("dst"),
      amount: pay.get("amount"),
      ...(pay.has("expiry") ? { expiry: Number(pay.get("expiry")) } : {}),
    },
  });
}

function privateKeyOf(finId: string): string {
  const key = Object.values(vectors.keys).find((k) => k.finId === finId);
  if (key === undefined) throw new Error(`no private key for ${finId}`);
  return key.privateKey;
}

function flipBit(hex: string, index: number): string {
  const nibble = Number.parseInt(hex[index] ?? "0", 16) ^ 1;
  return hex.slice(0, index) + nibble.toString(16) + hex.slice(index + 1);
}

// Every vector runs against both server verifiers (the native binding and noble) and the entry point.
const verifiers = { noble: verifyHashSignature, libsecp256k1: verifyHashSignatureNative, "server entry point": verifyHashSignatureNode };

describe("vectors.json", () => {
  it("derives every finId from its private key", () => {
    for (const { privateKey, finId } of Object.values(vectors.keys)) {
      expect(getFinId(privateKey)).toBe(finId);
    }
  });

  it("reads every nonce's epoch seconds", () => {
    for (const { hex, epochSeconds } of vectors.nonces) {
      expect(parseNonce(hex)?.epochSeconds).toBe(epochSeconds);
    }
  });

  it("covers every signed example in the file", () => {
    const signedNames = Object.keys(vectors).filter((k) => typeof vectors[k] === "object" && "template" in (vectors[k] as object));
    expect(signedNames.sort()).toEqual(Object.keys(SIGNED).sort());
  });

  it("rebuilds the selling-intent execution from explicit request terms, amount kept as \"105.00\"", () => {
    const v = signed("sellingIntentExecution");
    const buyer = vectors.keys.buyer?.finId ?? "";
    const seller = vectors.keys.seller?.finId ?? "";
    const template = buildTradeTemplate({
      nonce: vectors.nonces[0]?.hex ?? "",
      operation: "transfer",
      asset: { assetType: "p2p", assetId: "demo:102:8c7d5a52-3f0e-4c55-9a55-0d1b6a7f1e01" },
      source: { accountType: "finId", account: seller },
      destination: { accountType: "finId", account: buyer },
      amount: "25",
      payment: {
        assetType: "fiat",
        assetId: "USD",
        source: { accountType: "finId", account: buyer },
        destination: { accountType: "finId", account: seller },
        amount: "105.00",
        expiry: 1_700_086_400,
      },
    });
    expect(template).toEqual(v.template);
  });

  describe.each(Object.entries(SIGNED))("%s", (name, kind) => {
    const v = signed(name);
    const others = Object.values(vectors.keys).map((k) => k.finId).filter((f) => f !== v.signer);

    it("is rebuilt from its terms with every group hash and the template hash", () => {
      const rebuilt = rebuild(kind, v.template);
      expect(rebuilt).toEqual(v.template);
      expect(templatesEqual(rebuilt, v.template)).toBe(true);
      expect(verifyTemplateHashes(v.template)).toBe(true);
    });

    it("is signed byte for byte by the signer's key", () => {
      expect(signHash(v.template.hash, privateKeyOf(v.signer))).toBe(v.signature);
    });

    it.each(Object.entries(verifiers))("is accepted by the %s verifier, and refused when tampered with", (_label, verify) => {
      expect(verify(v.template.hash, v.signature, v.signer)).toBe(true);
      for (const index of [0, 31, 63]) {
        expect(verify(flipBit(v.template.hash, index), v.signature, v.signer)).toBe(false);
      }
      for (const index of [0, 63, 64, 127]) {
        expect(verify(v.template.hash, flipBit(v.signature, index), v.signer)).toBe(false);
      }
      for (const finId of others) {
        expect(verify(v.template.hash, v.signature, finId)).toBe(false);
      }
    });
  });

  it("refuses the high-S twin with both verifiers", () => {
    const { of, signature, mustVerify } = vectors.highSSignature;
    const base = signed(of);
    expect(mustVerify).toBe(false);
    expect(signature.slice(0, 64)).toBe(base.signature.slice(0, 64));
    for (const verify of Object.values(verifiers)) {
      expect(verify(base.template.hash, signature, base.signer)).toBe(false);
    }
  });

  it("reproduces the owner-profile proof hash and signature", () => {
    const { publicKey, hash, signature } = vectors.ownerProfile;
    expect(profileProofHash(publicKey)).toBe(hash);
    expect(signHash(hash, privateKeyOf(publicKey))).toBe(signature);
    for (const verify of Object.values(verifiers)) {
      expect(verify(hash, signature, publicKey)).toBe(true);
      expect(verify(flipBit(hash, 5), signature, publicKey)).toBe(false);
    }
  });
});
