import { describe, expect, it } from "vitest";

import { accountSchema, accountSchemas, accountWithAssetSchema, ibanSchema, partySchema } from "@/lib/schemas/account";
import { BUYER_FIN_ID, escrowAccount, issuesOf, party, usdAccount } from "@/lib/schemas/test-fixtures";

describe("accountSchema", () => {
  it("accepts finId accounts with and without orgId", () => {
    expect(accountSchema.parse(escrowAccount(BUYER_FIN_ID))).toEqual(escrowAccount(BUYER_FIN_ID));
    expect(accountSchema.parse({ type: "finId", finId: BUYER_FIN_ID })).toEqual({ type: "finId", finId: BUYER_FIN_ID });
  });

  it("accepts IBANs, dropping spaces and upper-casing", () => {
    expect(accountSchema.parse({ type: "iban", code: "de89 3704 0044 0532 0130 00" })).toEqual({
      type: "iban",
      code: "DE89370400440532013000",
    });
  });

  it.each([
    "DE8937040044053201300",
    "DE88370400440532013000",
    "D989370400440532013000",
    "DEXX370400440532013000",
    "DE89",
    `DE89${"1".repeat(31)}`,
    "DE89-3704",
  ])("refuses IBAN-shaped nonsense %s, a wrong length or wrong check digits included", (code) => {
    expect(ibanSchema.safeParse(code).success).toBe(false);
    expect(accountSchema.safeParse({ type: "iban", code }).success).toBe(false);
  });

  it("reads others' answers by the IBAN's shape only", () => {
    expect(accountSchemas.tolerant.account.safeParse({ type: "iban", code: "DE88370400440532013000" }).success).toBe(true);
  });

  it("names the IBAN rule", () => {
    expect(issuesOf(ibanSchema, "12345")).toEqual([
      ": must be an IBAN: 2 letters, 2 digits, then up to 30 letters or digits",
    ]);
  });

  it("refuses unknown types and mixed fields", () => {
    expect(issuesOf(accountSchema, { type: "wallet", address: "x" })).toEqual([
      'type: account type must be "finId" (with finId) or "iban" (with code)',
    ]);
    expect(accountSchema.safeParse({ type: "iban", finId: BUYER_FIN_ID }).success).toBe(false);
    expect(
      accountSchema.safeParse({ type: "finId", finId: BUYER_FIN_ID, code: "DE89370400440532013000" }).success,
    ).toBe(false);
  });

  it("checks the finId and orgId", () => {
    expect(issuesOf(accountSchema, { type: "finId", finId: "abc" })[0]).toMatch(/^finId: must be a compressed/);
    expect(issuesOf(accountSchema, { type: "finId", finId: BUYER_FIN_ID, orgId: "Bad Org" })[0]).toMatch(/^orgId: /);
  });
});

describe("partySchema and accountWithAssetSchema", () => {
  it("accept the interface shapes", () => {
    expect(partySchema.parse(party(BUYER_FIN_ID))).toEqual(party(BUYER_FIN_ID));
    expect(accountWithAssetSchema.parse(usdAccount(BUYER_FIN_ID))).toEqual(usdAccount(BUYER_FIN_ID));
  });

  it("report nested problems at their path", () => {
    expect(
      issuesOf(partySchema, { finId: BUYER_FIN_ID, account: { type: "finId", finId: BUYER_FIN_ID, extra: 1 } }),
    ).toEqual(['account: Unrecognized key: "extra"']);
    expect(issuesOf(accountWithAssetSchema, { account: escrowAccount(BUYER_FIN_ID) })).toEqual(["asset: is required"]);
    expect(issuesOf(accountWithAssetSchema, { account: escrowAccount(BUYER_FIN_ID), asset: { code: "USD" } })).toEqual([
      'asset.type: asset type must be "fiat" (with code) or "p2p" (with resourceId)',
    ]);
  });

  it("tolerant versions drop unknown keys at every level", () => {
    const read = accountSchemas.tolerant.party.parse({
      finId: BUYER_FIN_ID,
      label: "buyer",
      account: { ...escrowAccount(BUYER_FIN_ID), bank: "x" },
    });
    expect(read).toEqual(party(BUYER_FIN_ID));
  });
});
