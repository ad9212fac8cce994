// Where the journeys' servers listen. Each journey of issue 7 runs against its own server on its
// own fresh database (playwright.config.ts: one project and one server per journey, on consecutive
// ports from E2E_PORT, 3210 by default); the other specs share the first one.
import { test } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

/**
 * The projects, each with its specs, its server's port offset from E2E_PORT and whether its server
 * has the demo market of a first start (README "Quick start"). The journeys that count offers, money
 * or rows start on an empty market (SEED_DEMO_MARKET=false); journey 4's admin steps do not mind the
 * market, so its server has it, and the demo market's journey and the screenshot comparisons run there.
 */
export const E2E_PROJECTS = [
  { name: "shared", testMatch: /(sign-in|accessibility|api-docs|investor-keys-profile-cash|marketplace|cash-withdrawal-documents|escrow-four-eyes)\.spec\.ts$/, demoMarket: false },
  { name: "journey-1", testMatch: /investor-trading\.spec\.ts$/, grep: /journey 1:/, demoMarket: false },
  { name: "journey-2", testMatch: /owner-selling-intent\.spec\.ts$/, demoMarket: false },
  { name: "journey-3", testMatch: /investor-trading\.spec\.ts$/, grep: /journey 3:/, demoMarket: false },
  { name: "journey-4", testMatch: /(admin-ledger-users-organizations|demo-market|screenshots)\.spec\.ts$/, demoMarket: true },
] as const;

export const originAt = (offset: number) => `http://127.0.0.1:${E2E_PORT + offset}`;

/** The origin of the server the running test talks to (its project's baseURL). */
export function origin(): string {
  const base = test.info().project.use.baseURL;
  if (!base) throw new Error("the project has no baseURL (playwright.config.ts)");
  return base;
}
