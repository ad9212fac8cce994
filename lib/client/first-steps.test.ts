import { describe, expect, it } from "vitest";

import { firstSteps, type FirstStepFacts } from "./first-steps";

const NOTHING: FirstStepFacts = { keys: 0, profiles: 0, kycProfiles: 0, funded: false, trades: 0, assets: 0, intents: 0, signedIntents: 0 };

describe("first steps", () => {
  it("lists an investor's five steps in order, each done by its own fact", () => {
    expect(firstSteps("investor", NOTHING).map((s) => [s.id, s.done])).toEqual([
      ["key", false],
      ["profile", false],
      ["kyc", false],
      ["deposit", false],
      ["trade", false],
    ]);
    const steps = firstSteps("investor", { ...NOTHING, keys: 1, profiles: 1, funded: true });
    expect(steps.filter((s) => s.done).map((s) => s.id)).toEqual(["key", "profile", "deposit"]);
    expect(steps.find((s) => s.id === "deposit")?.href).toBe("/cash");
  });

  it("lists an issuer's: key, profile, asset, first intent, signing policy", () => {
    expect(firstSteps("issuer", { ...NOTHING, assets: 2, intents: 1 }).map((s) => [s.id, s.done])).toEqual([
      ["key", false],
      ["profile", false],
      ["asset", true],
      ["intent", true],
      ["signing", false],
    ]);
  });
});
