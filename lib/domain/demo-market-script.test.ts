import { describe, expect, it } from "vitest";

import { getFinId } from "@/lib/domain/secp256k1";

import { centsToDecimal, demoMarketPrivateKey, demoMarketScript, stepsToDecimal } from "./demo-market-script";

describe("the demo market's script", () => {
  it("is the same market every time for the same seed, and another for another seed", () => {
    expect(demoMarketScript()).toEqual(demoMarketScript());
    expect(demoMarketScript(1).trades).not.toEqual(demoMarketScript().trades);
  });

  it("sells only what sellers hold, to someone else, over a few weeks, oldest first per asset", () => {
    const script = demoMarketScript();
    const held = new Map<string, number>();
    for (const trade of script.trades) {
      const key = (trader: number) => `${trade.asset}:${trader}`;
      if (trade.seller !== null) {
        expect(trade.seller).not.toBe(trade.buyer);
        expect(held.get(key(trade.seller)) ?? 0).toBeGreaterThanOrEqual(trade.quantitySteps);
        held.set(key(trade.seller), (held.get(key(trade.seller)) ?? 0) - trade.quantitySteps);
      }
      held.set(key(trade.buyer), (held.get(key(trade.buyer)) ?? 0) + trade.quantitySteps);
      expect(trade.quantitySteps).toBeGreaterThan(0);
      expect(Number.isInteger(trade.priceCents) && trade.priceCents > 0).toBe(true);
      // The total is whole cents: the escrow pays no fraction of a cent.
      expect((trade.quantitySteps * trade.priceCents) % 10 ** (script.issuers[trade.asset]?.asset.decimals ?? 0)).toBe(0);
      expect(trade.secondsAgo).toBeGreaterThan(0);
      expect(trade.secondsAgo).toBeLessThanOrEqual(28 * 86_400);
    }
    for (const offer of script.offers) expect(held.get(`${offer.asset}:${offer.seller}`) ?? 0).toBeGreaterThanOrEqual(offer.quantitySteps);
    script.issuers.forEach((_, asset) => {
      const times = script.trades.filter((t) => t.asset === asset).map((t) => t.secondsAgo);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(14 * 86_400);
      expect(script.offers.filter((o) => o.asset === asset).length).toBe(2);
    });
  });

  it("writes cents and steps as exact decimal strings", () => {
    expect(centsToDecimal(10_025)).toBe("100.25");
    expect(centsToDecimal(9_800)).toBe("98");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(stepsToDecimal(1_250, 2)).toBe("12.5");
    expect(stepsToDecimal(7, 0)).toBe("7");
    expect(() => stepsToDecimal(1.5, 0)).toThrow(RangeError);
  });

  it("gives each party a fixed key of its own", () => {
    const key = demoMarketPrivateKey("northwind");
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(demoMarketPrivateKey("northwind")).toBe(key);
    expect(demoMarketPrivateKey("kestrel")).not.toBe(key);
    expect(getFinId(key)).toMatch(/^0[23][0-9a-f]{64}$/);
  });
});
