import { describe, expect, it } from "vitest";
import { currenciesText, currencyTableOf, declarationsFromText, declarationsOf, declarationsText, tableOfDeclarations } from "./organization-currencies";

describe("organization currencies", () => {
  it("round-trip between the API's list, the stored text and the table", () => {
    const declared = [{ code: "USD", minorUnits: 2 }, { code: "JPY", minorUnits: 0 }];
    expect(currenciesText(declared)).toBe("USD:2,JPY:0");
    expect(declarationsOf(currencyTableOf(currenciesText(declared)))).toEqual(declared);
    expect(tableOfDeclarations(declared)).toEqual(currencyTableOf("USD:2,JPY:0"));
  });

  it("store an empty list as none declared", () => {
    expect(currenciesText([])).toBeNull();
    expect(currencyTableOf(null)).toBeNull();
    expect(declarationsOf(null)).toEqual([]);
    expect(tableOfDeclarations([])).toBeNull();
  });

  it("read what an admin types, and say what is wrong with it", () => {
    expect(declarationsFromText(" USD:2, JPY:0 ")).toEqual({ declarations: [{ code: "USD", minorUnits: 2 }, { code: "JPY", minorUnits: 0 }] });
    expect(declarationsText([{ code: "USD", minorUnits: 2 }, { code: "JPY", minorUnits: 0 }])).toBe("USD:2, JPY:0");
    expect(declarationsFromText("")).toEqual({ declarations: [] });
    expect(declarationsFromText("usd:2")).toEqual({ error: '"usd:2": a currency is three upper-case letters' });
    expect(declarationsFromText("USD")).toEqual({ error: '"USD": give the minor units, 0 to 18, after a colon' });
  });
});
