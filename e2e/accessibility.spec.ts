import { expect, test } from "./test";

import { seriousViolations } from "./axe";
import { TEST_DEMO_PASSWORD as DEMO_PASSWORD } from "../tests/demo-password";

const PAGES = [
  { path: "/dashboard", heading: "Dashboard" },
  { path: "/profile", heading: "Profile" },
  { path: "/cash", heading: "Cash" },
  { path: "/marketplace", heading: "Marketplace" },
  { path: "/intents", heading: "Intents" },
  { path: "/signing", heading: "Signing inbox" },
  { path: "/trades", heading: "Trades" },
  { path: "/receipts", heading: "Receipts" },
];

/** Pages kept for one role, checked signed in as that role. */
const ROLE_PAGES = [
  { email: "issuer@example.com", password: DEMO_PASSWORD, pages: [{ path: "/assets", heading: "Assets" }, { path: "/intents", heading: "Intents" }] },
  { email: "operator@example.com", password: DEMO_PASSWORD, pages: [{ path: "/operator", heading: "Escrow operations" }] },
  {
    email: "admin@example.com",
    password: DEMO_PASSWORD,
    pages: [
      { path: "/admin/ledger", heading: "Ledger import" },
      { path: "/admin/users", heading: "Users" },
      { path: "/admin/organizations", heading: "Organizations" },
    ],
  },
];

/** A desktop's width and a phone's: the navigation is a row on the first and folds behind "Menu" on the second. */
const WIDTHS = [1440, 390] as const;

for (const [colorScheme, width] of (["light", "dark"] as const).flatMap((scheme) => WIDTHS.map((w) => [scheme, w] as const))) {
  test(`the main pages have no serious accessibility violations (${colorScheme}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme });
    await page.goto("/signin");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Email").fill("alice@example.com");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
}

test("the check finds a known violation, so a pass means something", async ({ page }) => {
  await page.setContent('<!doctype html><html lang="en"><body><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>');
  expect((await seriousViolations(page)).some((v) => v.startsWith("image-alt"))).toBe(true);
});

test("the check finds a form built inside a form, so a pass means something", async ({ page }) => {
  await page.setContent('<!doctype html><html lang="en"><head><title>Nested</title></head><body><main><form aria-label="Outer"></form></main></body></html>');
  // A parser drops a nested form tag; only a script (as React does) can build one.
  await page.evaluate(() => {
    const inner = document.createElement("form");
    inner.setAttribute("aria-label", "Inner");
    document.querySelector("form")?.append(inner);
  });
  expect(await seriousViolations(page)).toEqual(['nested-form (serious): a form inside a form, at form "Inner"']);
});

test("the main pages fit a phone's width without scrolling sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/signin");
  await page.getByLabel("Email").fill("bob@example.com");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const { path, heading } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

for (const { email, password, pages } of ROLE_PAGES) {
  test(`${email}'s pages have no serious accessibility violations in light and dark at 1440 and 390 px, and fit a phone`, async ({ page }) => {
    await page.goto("/signin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        for (const { path, heading } of pages) {
          await page.goto(path);
          await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
          await page.waitForLoadState("networkidle");
          expect(await seriousViolations(page), `${path} (${colorScheme}, ${width} px)`).toEqual([]);
        }
      }
    }
    await page.setViewportSize({ width: 390, height: 844 });
    for (const { path, heading } of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
}
