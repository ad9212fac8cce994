import { describe, expect, it } from "vitest";

import {
  assetSchema,
  assetSchemas,
  createAssetRequestSchema,
  fiatAssetSchema,
  storedAssetSchema,
} from "@/lib/schemas/asset";
import { ASSET_ID, ISSUER_PROFILE_ID, issuesOf, TOKEN, USD } from "@/lib/schemas/test-fixtures";

describe("assetSchema", () => {
  it("accepts fiat and p2p references", () => {
    expect(assetSchema.parse(USD)).toEqual(USD);
    expect(assetSchema.parse(TOKEN)).toEqual(TOKEN);
  });

  it("refuses an unknown type, naming the kinds", () => {
    expect(issuesOf(assetSchema, { type: "stock", code: "X" })).toEqual([
      'type: asset type must be "fiat" (with code) or "p2p" (with resourceId)',
    ]);
  });

  it("does not settle cryptocurrency", () => {
    expect(assetSchema.safeParse({ type: "cryptocurrency", symbol: "BTC" }).success).toBe(false);
  });

  it("checks each kind's own field", () => {
    expect(issuesOf(assetSchema, { type: "fiat", code: "usd" })).toEqual([
      "code: must be a 3-letter upper-case currency code such as USD",
    ]);
    expect(issuesOf(assetSchema, { type: "p2p", resourceId: "demo:101:8c7d5a52-3f0e-4c55-9a55-0d1b6a7f1e01" })).toEqual(
      ["resourceId: must be an asset id of the form <orgId>:102:<uuid>"],
    );
    expect(assetSchema.safeParse({ type: "fiat", resourceId: ASSET_ID }).success).toBe(false);
  });

  it("is strict in requests and tolerant when read", () => {
    const extra = { ...USD, decimals: 2 };
    expect(issuesOf(assetSchema, extra)).toEqual([': Unrecognized key: "decimals"']);
    expect(assetSchemas.tolerant.asset.parse(extra)).toEqual(USD);
  });
});

describe("storedAssetSchema", () => {
  it("also holds cryptocurrency, for display", () => {
    expect(storedAssetSchema.parse({ type: "cryptocurrency", symbol: "BTC" })).toEqual({
      type: "cryptocurrency",
      symbol: "BTC",
    });
    expect(storedAssetSchema.parse(TOKEN)).toEqual(TOKEN);
    expect(storedAssetSchema.safeParse({ type: "cryptocurrency", symbol: "BIT COIN" }).success).toBe(false);
  });
});

describe("createAssetRequestSchema", () => {
  const valid = {
    name: "Demo Fund Units",
    issuerId: ISSUER_PROFILE_ID,
    denomination: USD,
    decimals: 2,
    rules: { kycAml: true, accreditation: false },
  };

  it("accepts the decisions.md §8 shape, with and without the optional parts", () => {
    expect(createAssetRequestSchema.parse(valid)).toEqual(valid);
    expect(
      createAssetRequestSchema.safeParse({ name: "X", issuerId: ISSUER_PROFILE_ID, denomination: USD }).success,
    ).toBe(true);
  });

  it("denominates in fiat only", () => {
    expect(createAssetRequestSchema.safeParse({ ...valid, denomination: TOKEN }).success).toBe(false);
    expect(fiatAssetSchema.safeParse(TOKEN).success).toBe(false);
  });

  it.each([-1, 19, 1.5])("refuses decimals %j", (decimals) => {
    expect(createAssetRequestSchema.safeParse({ ...valid, decimals }).success).toBe(false);
  });

  it("refuses unknown keys, also inside rules", () => {
    expect(issuesOf(createAssetRequestSchema, { ...valid, symbol: "DFU" })).toEqual([': Unrecognized key: "symbol"']);
    expect(issuesOf(createAssetRequestSchema, { ...valid, rules: { kyc: true } })).toEqual([
      'rules: Unrecognized key: "kyc"',
    ]);
  });

  it("requires a name and an issuer profile", () => {
    expect(issuesOf(createAssetRequestSchema, { ...valid, name: " " })).toEqual(["name: must not be empty"]);
    expect(issuesOf(createAssetRequestSchema, { ...valid, issuerId: ASSET_ID })).toEqual([
      "issuerId: must be a profile id of the form <orgId>:101:<uuid>",
    ]);
  });
});
