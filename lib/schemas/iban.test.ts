import { describe, expect, it } from "vitest";

import { groupIban, ibanProblem, ibanSchema, ibanShapeSchema } from "@/lib/schemas/iban";
import { issuesOf } from "@/lib/schemas/test-fixtures";

describe("ibanSchema", () => {
  it.each([
    ["DE89370400440532013000", "DE89370400440532013000"],
    ["de89 3704 0044 0532 0130 00", "DE89370400440532013000"],
    ["GB82 WEST 1234 5698 7654 32", "GB82WEST12345698765432"],
    ["NO93 8601 1117 947", "NO9386011117947"],
    ["CH93 0076 2011 6238 5295 7", "CH9300762011623852957"],
  ])("accepts %s as %s", (input, stored) => {
    expect(ibanSchema.parse(input)).toBe(stored);
  });

  it("refuses an IBAN of the wrong length for its country, saying which length is right", () => {
    expect(issuesOf(ibanSchema, "DE00 1234")).toEqual([": an IBAN from Germany (DE) has 22 characters; this one has 8"]);
    expect(issuesOf(ibanSchema, "DE8937040044053201300")).toEqual([": an IBAN from Germany (DE) has 22 characters; this one has 21"]);
  });

  it("refuses wrong check digits (mod 97), as one mistyped character gives", () => {
    const checkDigits = ": its check digits do not match the rest: a character is probably mistyped";
    expect(issuesOf(ibanSchema, "DE88370400440532013000")).toEqual([checkDigits]);
    expect(issuesOf(ibanSchema, "DE89370400440532013001")).toEqual([checkDigits]);
    expect(issuesOf(ibanSchema, "GB82WEST12345698765433")).toEqual([checkDigits]);
  });

  it("refuses a country that has no IBANs, a national format its country does not use, and nonsense", () => {
    expect(issuesOf(ibanSchema, "XX89370400440532013000")).toEqual([": must be an IBAN: XX is not a country that uses IBANs"]);
    expect(issuesOf(ibanSchema, "US64SVBKUS6S3300958879")).toEqual([": must be an IBAN: US is not a country that uses IBANs"]);
    // A German IBAN is digits only after its check digits.
    expect(issuesOf(ibanSchema, "DE89370400440532O13000")).toEqual([
      ": does not have the format of an IBAN from Germany (DE): check the account number",
    ]);
    expect(issuesOf(ibanSchema, "12345")).toEqual([": must be an IBAN: 2 letters, 2 digits, then up to 30 letters or digits"]);
    expect(issuesOf(ibanSchema, `DE89${"1".repeat(70)}`)).toEqual([": must be an IBAN: 2 letters, 2 digits, then up to 30 letters or digits"]);
    expect(issuesOf(ibanSchema, 42)).toEqual([": must be an IBAN"]);
    expect(issuesOf(ibanSchema, undefined)).toEqual([": is required"]);
  });

  it("reads the shape only where others' answers are read (no checksum), so an old record still reads", () => {
    expect(ibanShapeSchema.parse("de88 3704 0044 0532 0130 00")).toBe("DE88370400440532013000");
    expect(ibanShapeSchema.safeParse("12345").success).toBe(false);
  });
});

describe("ibanProblem and groupIban", () => {
  it("says nothing about a valid IBAN", () => {
    expect(ibanProblem("DE89370400440532013000")).toBeNull();
  });

  it("groups an IBAN in fours, as printed on a statement", () => {
    expect(groupIban("DE89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
    expect(groupIban("de89 3704 0044 0532 0130 00")).toBe("DE89 3704 0044 0532 0130 00");
    expect(groupIban("NO9386011117947")).toBe("NO93 8601 1117 947");
  });
});
