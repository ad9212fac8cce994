import { describe, expect, it } from "vitest";

import {
  allDistinct,
  amountSchema,
  assetIdSchema,
  cidSchema,
  epochSecondsSchema,
  externalIdSchema,
  finIdSchema,
  hashHexSchema,
  httpUrlSchema,
  idOf,
  investorIdParamSchema,
  nonceSchema,
  orgIdSchema,
  planIdSchema,
  positiveAmountSchema,
  profileIdSchema,
  signatureHexSchema,
  text,
  uuidSchema,
} from "@/lib/schemas/common";
import {
  ASSET_ID,
  BUYER_FIN_ID,
  BUYER_PROFILE_ID,
  BUYER_SIGNATURE,
  issuesOf,
  NONCE,
  PLAN_ID,
  TRADE_TEMPLATE,
  UUID,
} from "@/lib/schemas/test-fixtures";

describe("amountSchema", () => {
  it.each(["0", "25", "105.00", "12.6", "0.000000000000000001", "999999999999999999.999999999999999999"])(
    "accepts %s",
    (value) => expect(amountSchema.parse(value)).toBe(value),
  );

  it.each(["", "-1", "+1", "1e5", "1.", ".5", "01", "1,5", " 1", "1234567890123456789", "1.0000000000000000001"])(
    "refuses %j and names the rule",
    (value) => {
      expect(issuesOf(amountSchema, value)).toEqual([
        ': must be a number such as 2.5 or 105.00: only digits and at most one decimal point (with a digit on each side), no leading zeros, at most 18 digits before the point and 18 after it',
      ]);
    },
  );

  it("refuses JSON numbers, saying amounts are strings", () => {
    expect(issuesOf(amountSchema, 105)[0]).toContain("amounts are strings, not numbers");
  });

  it("positive amounts refuse zero in any spelling", () => {
    expect(positiveAmountSchema.safeParse("0.01").success).toBe(true);
    expect(issuesOf(positiveAmountSchema, "0")).toEqual([": must be greater than zero"]);
    expect(issuesOf(positiveAmountSchema, "0.000")).toEqual([": must be greater than zero"]);
    expect(issuesOf(positiveAmountSchema, "-5")).toHaveLength(1);
  });
});

describe("epochSecondsSchema", () => {
  it("accepts whole non-negative seconds", () => {
    expect(epochSecondsSchema.parse(0)).toBe(0);
    expect(epochSecondsSchema.parse(1700086400)).toBe(1700086400);
  });

  it.each([-1, 1.5, Number.MAX_SAFE_INTEGER + 1, "1700000000", Number.NaN])("refuses %j", (value) => {
    expect(epochSecondsSchema.safeParse(value).success).toBe(false);
  });

  it("tells a missing value from a wrong one", () => {
    expect(issuesOf(epochSecondsSchema, undefined)).toEqual([": is required"]);
    expect(issuesOf(epochSecondsSchema, "x")).toEqual([": must be a whole number of epoch seconds"]);
  });
});

describe("hex values", () => {
  it("nonces are 32 bytes and lower-cased", () => {
    expect(nonceSchema.parse(NONCE)).toBe(NONCE);
    expect(nonceSchema.parse(NONCE.toUpperCase())).toBe(NONCE);
    expect(issuesOf(nonceSchema, NONCE.slice(2))).toEqual([": must be 32 bytes as 64 hex characters"]);
    expect(nonceSchema.safeParse(`${NONCE}00`).success).toBe(false);
    expect(nonceSchema.safeParse(NONCE.replace("a", "g")).success).toBe(false);
  });

  it("finIds are compressed public keys, lower-cased", () => {
    expect(finIdSchema.parse(BUYER_FIN_ID)).toBe(BUYER_FIN_ID);
    expect(finIdSchema.parse(BUYER_FIN_ID.toUpperCase())).toBe(BUYER_FIN_ID);
    expect(finIdSchema.safeParse(`04${BUYER_FIN_ID.slice(2)}`).success).toBe(false);
    expect(finIdSchema.safeParse(BUYER_FIN_ID.slice(0, 64)).success).toBe(false);
    expect(issuesOf(finIdSchema, "")[0]).toContain("compressed secp256k1 public key");
  });

  it("signatures are 128 hex characters, lower-cased", () => {
    expect(signatureHexSchema.parse(BUYER_SIGNATURE.toUpperCase())).toBe(BUYER_SIGNATURE);
    expect(signatureHexSchema.safeParse(BUYER_SIGNATURE.slice(2)).success).toBe(false);
  });

  it("hashes are 64 hex characters, lower-cased", () => {
    expect(hashHexSchema.parse(TRADE_TEMPLATE.hash.toUpperCase())).toBe(TRADE_TEMPLATE.hash);
    expect(hashHexSchema.safeParse(`${TRADE_TEMPLATE.hash}0`).success).toBe(false);
  });
});

describe("identifiers", () => {
  it("accepts ids of the right class", () => {
    expect(assetIdSchema.parse(ASSET_ID)).toBe(ASSET_ID);
    expect(profileIdSchema.parse(BUYER_PROFILE_ID)).toBe(BUYER_PROFILE_ID);
    expect(planIdSchema.parse(PLAN_ID)).toBe(PLAN_ID);
    expect(idOf("certificate").safeParse(`demo:103:${UUID}`).success).toBe(true);
    expect(idOf("document").safeParse(`demo:104:${UUID}`).success).toBe(true);
  });

  it("refuses another class, naming the expected form", () => {
    expect(issuesOf(profileIdSchema, ASSET_ID)).toEqual([": must be a profile id of the form <orgId>:101:<uuid>"]);
    expect(issuesOf(assetIdSchema, BUYER_PROFILE_ID)).toEqual([": must be an asset id of the form <orgId>:102:<uuid>"]);
  });

  it.each([
    `Demo:102:${UUID}`,
    `-demo:102:${UUID}`,
    `demo:102:${UUID.toUpperCase()}`,
    `demo:102:${UUID}:extra`,
    `demo:102`,
    `:102:${UUID}`,
    `demo:102:not-a-uuid`,
    `${"a".repeat(120)}:102:${UUID}`,
  ])("refuses malformed asset id %s", (value) => {
    expect(assetIdSchema.safeParse(value).success).toBe(false);
  });

  it("investorId follows interface.md's looser pattern and 150-character limit", () => {
    expect(investorIdParamSchema.safeParse(BUYER_PROFILE_ID).success).toBe(true);
    expect(investorIdParamSchema.safeParse("xy:101:anything").success).toBe(true);
    // The pattern needs two characters before ":101:", the first not a colon.
    expect(investorIdParamSchema.safeParse("x:101:anything").success).toBe(false);
    expect(investorIdParamSchema.safeParse(":101:x").success).toBe(false);
    expect(investorIdParamSchema.safeParse(ASSET_ID).success).toBe(false);
    expect(investorIdParamSchema.safeParse(`ab:101:${"x".repeat(144)}`).success).toBe(false);
    expect(investorIdParamSchema.safeParse(`ab:101:${"x".repeat(143)}`).success).toBe(true);
  });

  it("organization ids are lower-case slugs", () => {
    expect(orgIdSchema.safeParse("escrow").success).toBe(true);
    expect(orgIdSchema.safeParse("pay-org-2").success).toBe(true);
    for (const bad of ["", "Escrow", "-x", "x-", "a:b", "a".repeat(65)]) {
      expect(orgIdSchema.safeParse(bad).success).toBe(false);
    }
  });

  it("uuids and cids are lower-cased uuids", () => {
    expect(uuidSchema.parse(UUID.toUpperCase())).toBe(UUID);
    expect(cidSchema.safeParse("not-a-uuid").success).toBe(false);
  });

  it("external ids are printable, bounded and without spaces", () => {
    expect(externalIdSchema.safeParse("op-123:hold").success).toBe(true);
    expect(externalIdSchema.safeParse("").success).toBe(false);
    expect(externalIdSchema.safeParse("a b").success).toBe(false);
    expect(externalIdSchema.safeParse("x".repeat(151)).success).toBe(false);
  });
});

describe("text and URLs", () => {
  it("text is trimmed, non-empty and bounded", () => {
    const name = text(5);
    expect(name.parse("  abc ")).toBe("abc");
    expect(issuesOf(name, "   ")).toEqual([": must not be empty"]);
    expect(issuesOf(name, "abcdef")).toEqual([": must be at most 5 characters"]);
    expect(issuesOf(name, undefined)).toEqual([": is required"]);
  });

  it("http URLs allow localhost and refuse other schemes", () => {
    expect(httpUrlSchema.safeParse("http://localhost:3000/api/signing/callback/x").success).toBe(true);
    expect(httpUrlSchema.safeParse("https://signer.example.com/hook").success).toBe(true);
    for (const bad of [
      "ftp://example.com",
      "javascript:alert(1)",
      "example.com",
      `https://e.com/${"x".repeat(2048)}`,
    ]) {
      expect(httpUrlSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe("allDistinct", () => {
  it("compares by key", () => {
    expect(allDistinct(["a", "b"])).toBe(true);
    expect(allDistinct(["a", "a"])).toBe(false);
    expect(allDistinct([{ id: 1 }, { id: 1 }], (x) => String(x.id))).toBe(false);
  });
});
