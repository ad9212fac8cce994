import { describe, expect, it } from "vitest";

import { unitsOf } from "@/lib/domain/escrow/ledger-units";

import { dailyPointsUntil, dailyPrices, priceAt, valueOverTime } from "./price-history";

const DAY = 86_400;
const MON = Date.UTC(2026, 10, 2) / 1000; // 2026-11-02 00:00 UTC

describe("dailyPrices", () => {
  it("gives each UTC day its open, close, high, low, volume and value, exactly", () => {
    const days = dailyPrices([
      { at: MON + 3600 * 15, quantity: "3", unitPrice: "100.10" },
      { at: MON + 3600 * 9, quantity: "2", unitPrice: "99.95" },
      { at: MON + 3600 * 12, quantity: "0.5", unitPrice: "101" },
      { at: MON + DAY + 60, quantity: "1", unitPrice: "102.5" },
    ]);
    expect(days).toEqual([
      { day: "2026-11-02", at: MON, open: "99.95", close: "100.1", high: "101", low: "99.95", volume: "5.5", value: "550.7", trades: 3 },
      { day: "2026-11-03", at: MON + DAY, open: "102.5", close: "102.5", high: "102.5", low: "102.5", volume: "1", value: "102.5", trades: 1 },
    ]);
    expect(dailyPrices([])).toEqual([]);
  });
});

describe("valueOverTime", () => {
  it("undoes later movements and values tokens at their price of the time", () => {
    const trades = [
      { at: MON + 100, quantity: "10", unitPrice: "100" },
      { at: MON + DAY + 100, quantity: "1", unitPrice: "110" },
    ];
    // Deposited 5000 on Monday at 50 s, bought 10 tokens at 100 s; now holds 4000 USD and 10 tokens.
    const current = new Map([
      ["USD", unitsOf("4000")],
      ["asset-1", unitsOf("10")],
    ]);
    const movements = [
      { at: MON + 50, key: "USD", delta: unitsOf("5000") },
      { at: MON + 100, key: "USD", delta: -unitsOf("1000") },
      { at: MON + 100, key: "asset-1", delta: unitsOf("10") },
    ];
    const points = [MON + 10, MON + 60, MON + 200, MON + DAY + 200];
    expect(valueOverTime("USD", current, movements, new Map([["asset-1", trades]]), points)).toEqual([
      { at: MON + 10, value: "0" },
      { at: MON + 60, value: "5000" },
      { at: MON + 200, value: "5000" },
      { at: MON + DAY + 200, value: "5100" },
    ]);
    expect(priceAt(trades, MON)).toBeNull();
  });

  it("asks for the end of each of the last days, then now", () => {
    const now = MON + 5 * DAY + 3600;
    expect(dailyPointsUntil(now, 3)).toEqual([MON + 3 * DAY - 1, MON + 4 * DAY - 1, MON + 5 * DAY - 1, now]);
  });
});
