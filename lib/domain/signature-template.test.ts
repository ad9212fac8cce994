import { sha3_256 } from "@noble/hashes/sha3.js";
import { describe, expect, it } from "vitest";

import { bytesToHex } from "@/lib/domain/hex";
import {
  TemplateError,
  buildDepositTemplate,
  buildPayoutTemplate,
  buildTemplate,
  buildTradeTemplate,
  hashGroup,
  hashGroupHashes,
  profileProofHash,
  templatesEqual,
  verifyTemplateHashes,
  type SignatureTemplate,
  type TemplateField,
  type TradeTemplateTerms,
} from "@/lib/domain/signature-template";

// Published sha3-256 test values (FIPS 202).
const SHA3_EMPTY = "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a";
const SHA3_ABC = "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532";

const NONCE = `${"ab".repeat(24)}000000006553f100`;
const BUYER = "02c32ed4dfd9859a140609255687d355c2bce3dc5d3c407982e95a8334c9f00995";
const SELLER = "03bed25f68ca336ea2aa8b44d18fabcc032abd6420157f1b72eeb6f6ad9cbcc09c";
const ASSET_ID = "demo:102:8c7d5a52-3f0e-4c55-9a55-0d1b6a7f1e01";

const s = (name: string, value: string): TemplateField => ({ name, type: "string", value });
const b = (name: string, value: string): TemplateField => ({ name, type: "bytes", value });
const names = (t: SignatureTemplate, group: number) => t.hashGroups[group]?.fields.map((f) => f.name);

function transfer(overrides: Partial<TradeTemplateTerms> = {}): TradeTemplateTerms {
  return {
    nonce: NONCE,
    operation: "transfer",
    asset: { assetType: "p2p", assetId: ASSET_ID },
    source: { accountType: "finId", account: SELLER },
    destination: { accountType: "finId", account: BUYER },
    amount: "25",
    payment: {
      assetType: "fiat",
      assetId: "USD",
      source: { accountType: "finId", account: BUYER },
      destination: { accountType: "finId", account: SELLER },
      amount: "105.00",
      expiry: 1_700_086_400,
    },
    ...overrides,
  };
}

describe("hashGroup", () => {
  it("hashes UTF-8 strings and hex bytes to the same digest for the same bytes", () => {
    expect(hashGroup([])).toBe(SHA3_EMPTY);
    expect(hashGroup([s("x", "abc")])).toBe(SHA3_ABC);
    expect(hashGroup([b("x", "616263")])).toBe(SHA3_ABC);
    expect(hashGroup([b("x", "616263".toUpperCase())])).toBe(SHA3_ABC);
  });

  it("concatenates fields without separators and ignores names", () => {
    expect(hashGroup([s("first", "a"), s("second", "bc")])).toBe(SHA3_ABC);
    expect(hashGroup([s("other", "ab"), b("name", "63")])).toBe(SHA3_ABC);
  });

  it("encodes strings as UTF-8", () => {
    expect(hashGroup([s("x", "é")])).toBe(bytesToHex(sha3_256(new Uint8Array([0xc3, 0xa9]))));
  });

  it("throws a TemplateError on non-hex bytes or an unknown type", () => {
    expect(() => hashGroup([b("nonce", "xyz")])).toThrow(TemplateError);
    expect(() => hashGroup([b("nonce", "abc")])).toThrow(TemplateError);
    const weird = { name: "x", type: "number", value: "1" } as unknown as TemplateField;
    expect(() => hashGroup([weird])).toThrow(/unknown type/);
  });
});

describe("hashGroupHashes", () => {
  it("hashes the 32-byte group hashes concatenated", () => {
    const expected = bytesToHex(sha3_256(new Uint8Array([...Buffer.from(SHA3_ABC, "hex"), ...Buffer.from(SHA3_EMPTY, "hex")])));
    expect(hashGroupHashes([SHA3_ABC, SHA3_EMPTY])).toBe(expected);
  });

  it("refuses anything but 32-byte hex", () => {
    expect(() => hashGroupHashes(["abcd"])).toThrow(TemplateError);
  });
});

describe("buildTemplate", () => {
  it("computes every group hash and the template hash", () => {
    const t = buildTemplate([[s("a", "abc")], []]);
    expect(t.hashGroups.map((g) => g.hash)).toEqual([SHA3_ABC, SHA3_EMPTY]);
    expect(t.hash).toBe(hashGroupHashes([SHA3_ABC, SHA3_EMPTY]));
    expect(verifyTemplateHashes(t)).toBe(true);
  });

  it("copies the fields, so mutating the input later cannot desync the hashes", () => {
    const fields = [s("a", "abc")];
    const t = buildTemplate([fields]);
    fields[0] = s("a", "xyz");
    expect(t.hashGroups[0]?.fields[0]?.value).toBe("abc");
  });
});

describe("verifyTemplateHashes", () => {
  const good = buildTradeTemplate(transfer());

  it("accepts a consistent template, in either hex case", () => {
    expect(verifyTemplateHashes(good)).toBe(true);
    const upper = { ...good, hash: good.hash.toUpperCase() };
    expect(verifyTemplateHashes(upper)).toBe(true);
  });

  it("refuses a changed field value, a wrong group hash or a wrong template hash", () => {
    const changedValue = structuredClone(good);
    changedValue.hashGroups[1]!.fields[6]!.value = "1.00";
    expect(verifyTemplateHashes(changedValue)).toBe(false);

    const wrongGroup = structuredClone(good);
    wrongGroup.hashGroups[0]!.hash = SHA3_EMPTY;
    expect(verifyTemplateHashes(wrongGroup)).toBe(false);

    expect(verifyTemplateHashes({ ...good, hash: SHA3_EMPTY })).toBe(false);
  });

  it("refuses a reordered group list even with a recomputed template hash of the original order", () => {
    const swapped = { ...good, hashGroups: [...good.hashGroups].reverse() };
    expect(verifyTemplateHashes(swapped)).toBe(false);
  });

  it("returns false rather than throwing on malformed input", () => {
    expect(verifyTemplateHashes({ hash: "zz", hashGroups: good.hashGroups })).toBe(false);
    expect(verifyTemplateHashes({ hash: good.hash, hashGroups: [] })).toBe(false);
    const badBytes = structuredClone(good);
    badBytes.hashGroups[0]!.fields[0]!.value = "not hex";
    expect(verifyTemplateHashes(badBytes)).toBe(false);
    const badGroupHash = structuredClone(good);
    badGroupHash.hashGroups[0]!.hash = "abc";
    expect(verifyTemplateHashes(badGroupHash)).toBe(false);
  });
});

describe("templatesEqual", () => {
  const a = buildTradeTemplate(transfer());

  it("is true for identical templates and ignores hex case", () => {
    expect(templatesEqual(a, buildTradeTemplate(transfer()))).toBe(true);
    const upperNonce = buildTradeTemplate(transfer({ nonce: NONCE.toUpperCase() }));
    expect(templatesEqual(a, { ...upperNonce, hash: upperNonce.hash.toUpperCase() })).toBe(true);
  });

  it("is false when any term differs, even numerically equal amounts", () => {
    expect(templatesEqual(a, buildTradeTemplate(transfer({ amount: "25.0" })))).toBe(false);
    expect(templatesEqual(a, buildTradeTemplate(transfer({ destination: { accountType: "finId", account: SELLER } })))).toBe(false);
  });

  it("is false when a field is renamed, even though names are not hashed", () => {
    const renamed = structuredClone(a);
    renamed.hashGroups[0]!.fields[1]!.name = "op";
    expect(verifyTemplateHashes(renamed)).toBe(true);
    expect(templatesEqual(a, renamed)).toBe(false);
  });

  it("is false when a field's type differs", () => {
    const retyped = structuredClone(a);
    retyped.hashGroups[0]!.fields[0]!.type = "string";
    expect(templatesEqual(a, retyped)).toBe(false);
  });

  it("is false for a missing group or field", () => {
    expect(templatesEqual(a, { ...a, hashGroups: a.hashGroups.slice(0, 1) })).toBe(false);
    const fewer = structuredClone(a);
    fewer.hashGroups[1]!.fields.pop();
    expect(templatesEqual(a, fewer)).toBe(false);
    expect(templatesEqual(fewer, a)).toBe(false);
  });
});

describe("buildTradeTemplate", () => {
  it("lays out a transfer with source fields and an expiry", () => {
    const t = buildTradeTemplate(transfer());
    expect(names(t, 0)).toEqual([
      "nonce", "operation", "assetType", "assetId", "srcAccountType", "srcAccount", "dstAccountType", "dstAccount", "amount",
    ]);
    expect(names(t, 1)).toEqual([
      "assetType", "assetId", "srcAccountType", "srcAccount", "dstAccountType", "dstAccount", "amount", "expiry",
    ]);
    expect(t.hashGroups[0]?.fields[0]).toEqual({ name: "nonce", type: "bytes", value: NONCE });
    expect(t.hashGroups[0]?.fields.slice(1).every((f) => f.type === "string")).toBe(true);
    expect(t.hashGroups[1]?.fields[7]?.value).toBe("1700086400");
  });

  it("keeps amounts exactly as given", () => {
    const t = buildTradeTemplate(transfer());
    expect(t.hashGroups[1]?.fields[6]?.value).toBe("105.00");
  });

  it("lays out an issue without source fields", () => {
    const t = buildTradeTemplate(transfer({ operation: "issue", source: undefined }));
    expect(names(t, 0)).toEqual(["nonce", "operation", "assetType", "assetId", "dstAccountType", "dstAccount", "amount"]);
    expect(t.hashGroups[0]?.fields[1]?.value).toBe("issue");
  });

  it("leaves expiry out when the execution has none (buying intents)", () => {
    const base = transfer();
    const { expiry: _expiry, ...payment } = base.payment;
    const t = buildTradeTemplate({ ...base, payment });
    expect(names(t, 1)).not.toContain("expiry");
    expect(t.hashGroups[1]?.fields).toHaveLength(7);
  });

  it("refuses inconsistent terms", () => {
    expect(() => buildTradeTemplate(transfer({ source: undefined }))).toThrow(/needs a source/);
    expect(() => buildTradeTemplate(transfer({ operation: "issue" }))).toThrow(/no source/);
    expect(() => buildTradeTemplate(transfer({ nonce: "abcd" }))).toThrow(TemplateError);
    const badExpiry = transfer();
    expect(() => buildTradeTemplate({ ...badExpiry, payment: { ...badExpiry.payment, expiry: 1.5 } })).toThrow(/expiry/);
    expect(() => buildTradeTemplate({ ...badExpiry, payment: { ...badExpiry.payment, expiry: -1 } })).toThrow(/expiry/);
  });
});

describe("buildDepositTemplate", () => {
  it("is one group with operation deposit", () => {
    const t = buildDepositTemplate({
      nonce: NONCE, assetType: "fiat", assetId: "USD", dstAccountType: "finId", dstAccount: BUYER, amount: "5000",
    });
    expect(t.hashGroups).toHaveLength(1);
    expect(names(t, 0)).toEqual(["nonce", "operation", "assetType", "assetId", "dstAccountType", "dstAccount", "amount"]);
    expect(t.hashGroups[0]?.fields.map((f) => f.value).slice(1)).toEqual(["deposit", "fiat", "USD", "finId", BUYER, "5000"]);
    expect(verifyTemplateHashes(t)).toBe(true);
  });
});

describe("buildPayoutTemplate", () => {
  it("is one group with operation withdraw", () => {
    const t = buildPayoutTemplate({
      nonce: NONCE, assetType: "fiat", assetId: "USD", srcAccountType: "finId", srcAccount: SELLER, amount: "99.99",
    });
    expect(t.hashGroups).toHaveLength(1);
    expect(names(t, 0)).toEqual(["nonce", "operation", "assetType", "assetId", "srcAccountType", "srcAccount", "amount"]);
    expect(t.hashGroups[0]?.fields.map((f) => f.value).slice(1)).toEqual(["withdraw", "fiat", "USD", "finId", SELLER, "99.99"]);
    expect(verifyTemplateHashes(t)).toBe(true);
  });
});

describe("profileProofHash", () => {
  it("hashes the 33 key bytes, not the hex text", () => {
    expect(profileProofHash(BUYER)).toBe(bytesToHex(sha3_256(Buffer.from(BUYER, "hex"))));
    expect(profileProofHash(BUYER)).toBe("26a74605040c06f92b75d21db82bf29aa423d71feab5bb247b56535df62e4685");
  });

  it("refuses anything but 33 bytes of hex", () => {
    expect(() => profileProofHash(BUYER.slice(2))).toThrow(TemplateError);
    expect(() => profileProofHash(`${BUYER}00`)).toThrow(TemplateError);
    expect(() => profileProofHash("zz".repeat(33))).toThrow(TemplateError);
  });
});
