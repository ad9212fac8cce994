import { describe, expect, it } from "vitest";

import {
  CERTIFICATE_DATA_SCHEMAS,
  CERTIFICATE_INFO_MAX_ITEMS,
  certificateSchema,
  complianceDataSchema,
  ISO_COUNTRY_CODES,
  ownerInfoDataSchema,
} from "@/lib/schemas/certificate";
import { issuesOf } from "@/lib/schemas/test-fixtures";

const ownerInfo = { email: "alice@example.com", name: "Alice Example", type: "individual" };
const kyc = { name: "Alice Example", country: "DE", info: [{ type: "text", name: "provider", value: "KYC Co" }] };
const dates = { issuanceDate: 1700000000, expirationDate: 1731536000 };

const certificate = (type: string, data: unknown) => ({ type, ...dates, data: JSON.stringify(data) });

describe("certificateSchema", () => {
  it("accepts each type with its own data, keeping data as the given string", () => {
    for (const [type, data] of [
      ["ownerInfo", ownerInfo],
      ["KYC/AML", kyc],
      ["Accreditation", kyc],
    ] as const) {
      const value = certificate(type, data);
      expect(certificateSchema.parse(value)).toEqual(value);
    }
  });

  it("validates data by the certificate's type, naming the field inside data", () => {
    expect(issuesOf(certificateSchema, certificate("ownerInfo", kyc))).toEqual([
      "data.email: is required",
      "data.type: is required",
      'data: Unrecognized keys: "country", "info"',
    ]);
    expect(issuesOf(certificateSchema, certificate("KYC/AML", ownerInfo))[0]).toBe("data.country: is required");
  });

  it("reports a bad email inside ownerInfo data at [data, email]", () => {
    const result = certificateSchema.safeParse(certificate("ownerInfo", { ...ownerInfo, email: "not-an-email" }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => ({ path: i.path, message: i.message }))).toEqual([
      { path: ["data", "email"], message: "must be an email address" },
    ]);
  });

  it("refuses data that is not JSON, or not a JSON object", () => {
    expect(issuesOf(certificateSchema, { type: "ownerInfo", ...dates, data: "{email:" })).toEqual([
      "data: must be a string containing JSON",
    ]);
    expect(issuesOf(certificateSchema, { type: "ownerInfo", ...dates, data: "[1]" })).toEqual([
      "data: must be a string containing a JSON object",
    ]);
    expect(issuesOf(certificateSchema, { type: "ownerInfo", ...dates, data: ownerInfo })).toEqual([
      "data: must be a string containing JSON",
    ]);
  });

  it("needs expirationDate after issuanceDate", () => {
    const value = { ...certificate("ownerInfo", ownerInfo), expirationDate: dates.issuanceDate };
    expect(issuesOf(certificateSchema, value)).toEqual(["expirationDate: expirationDate must be after issuanceDate"]);
  });

  it("refuses unknown certificate types", () => {
    expect(issuesOf(certificateSchema, certificate("Passport", ownerInfo))).toEqual([
      "type: type must be one of ownerInfo, KYC/AML, Accreditation",
    ]);
  });

  it("bounds the data string", () => {
    const huge = certificate("KYC/AML", { ...kyc, name: "x".repeat(20_000) });
    expect(issuesOf(certificateSchema, huge)[0]).toMatch(/^data: must be at most/);
  });
});

describe("ownerInfoDataSchema", () => {
  it("accepts individuals and companies only", () => {
    expect(ownerInfoDataSchema.safeParse({ ...ownerInfo, type: "company" }).success).toBe(true);
    expect(issuesOf(ownerInfoDataSchema, { ...ownerInfo, type: "trust" })).toEqual([
      'type: must be "individual" or "company"',
    ]);
  });
});

describe("complianceDataSchema", () => {
  it("checks the country against ISO 3166-1 alpha-2", () => {
    expect(complianceDataSchema.safeParse({ ...kyc, country: "US" }).success).toBe(true);
    for (const country of ["de", "DEU", "XX", "EU", ""]) {
      expect(issuesOf(complianceDataSchema, { ...kyc, country })).toEqual([
        "country: must be an ISO 3166-1 alpha-2 country code in upper case, such as US or DE",
      ]);
    }
  });

  it("bounds and shapes the info items", () => {
    const item = { type: "text", name: "n", value: "v" };
    expect(complianceDataSchema.safeParse({ ...kyc, info: [] }).success).toBe(true);
    expect(complianceDataSchema.safeParse({ ...kyc, info: Array(CERTIFICATE_INFO_MAX_ITEMS).fill(item) }).success).toBe(
      true,
    );
    expect(issuesOf(complianceDataSchema, { ...kyc, info: Array(CERTIFICATE_INFO_MAX_ITEMS + 1).fill(item) })).toEqual([
      `info: must have at most ${CERTIFICATE_INFO_MAX_ITEMS} items`,
    ]);
    expect(issuesOf(complianceDataSchema, { ...kyc, info: [{ ...item, type: "file" }] })).toEqual([
      'info.0.type: must be "text"',
    ]);
  });

  it("is the schema of both compliance certificate types", () => {
    expect(CERTIFICATE_DATA_SCHEMAS["KYC/AML"]).toBe(complianceDataSchema);
    expect(CERTIFICATE_DATA_SCHEMAS.Accreditation).toBe(complianceDataSchema);
  });
});

describe("ISO_COUNTRY_CODES", () => {
  it("holds the 249 assigned codes, each a region the runtime can name", () => {
    expect(ISO_COUNTRY_CODES.size).toBe(249);
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    for (const code of ISO_COUNTRY_CODES) {
      expect(names.of(code), code).not.toBe(code);
      expect(names.of(code), code).not.toBe("Unknown Region");
    }
  });
});
