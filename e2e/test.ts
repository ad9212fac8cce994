// The `test` every spec imports: Playwright's, with every browser context a test opens (its own
// `page`'s and those it makes with browser.newContext) watched for Content-Security-Policy
// violations (e2e/csp.ts). A test that saw one fails, listing them.
import { test as base, expect } from "@playwright/test";
import { collectViolationsInto, watchContentSecurityPolicy } from "./csp";

export { expect };
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from "@playwright/test";

export const test = base.extend<{ contentSecurityPolicy: void }>({
  context: async ({ context }, provide) => {
    await watchContentSecurityPolicy(context);
    await provide(context);
  },
  browser: [
    async ({ browser }, provide) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<typeof browser.newContext>) => {
        const context = await newContext(...args);
        await watchContentSecurityPolicy(context);
        return context;
      };
      await provide(browser);
    },
    { scope: "worker" },
  ],
  contentSecurityPolicy: [
    async ({}, provide) => {
      const violations = collectViolationsInto([]);
      await provide();
      expect(violations, "Content-Security-Policy violations in the pages this test visited").toEqual([]);
    },
    { auto: true },
  ],
});
