import { expect, test } from "@playwright/test";

import { seriousViolations } from "./axe";

const PAGES = [
  { path: "/dashboard", heading: "Dashboard" },
  { path: "/profile", heading: "Profile" },
  { path: "/cash", heading: "Cash" },
  { path: "/marketplace", heading: "Marketplace" },
  { path: "/trades", heading: "Trades" },
  { path: "/receipts", heading: "Receipts" },
  { path: "/operator", heading: "Escrow operations" },
];

for (const colorScheme of ["light", "dark"] as const) {
  test(`the main pages have no serious accessibility violations (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto("/signin");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Email").fill("alice@example.com");
    await page.getByLabel("Password").fill("investor-demo-pass");
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

test("the main pages fit a phone's width without scrolling sideways", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/signin");
  await page.getByLabel("Email").fill("bob@example.com");
  await page.getByLabel("Password").fill("investor-demo-pass");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const { path, heading } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
