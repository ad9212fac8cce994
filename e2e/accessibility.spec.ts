import { createRequire } from "node:module";

import { expect, test, type Page } from "@playwright/test";

// axe-core is injected from node_modules as a script tag's content: nothing loads from elsewhere.
const AXE_SOURCE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SOURCE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const PAGES = [
  { path: "/dashboard", heading: "Dashboard" },
  { path: "/profile", heading: "Profile" },
  { path: "/cash", heading: "Cash" },
  { path: "/marketplace", heading: "Marketplace" },
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
