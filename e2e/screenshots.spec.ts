// The main pages against their committed baselines (e2e/__screenshots__/), so a later change that
// breaks the layout fails here: light at a desktop's 1440 px, dark at a phone's 390 px. The data is the
// demo market's (a fixed seed for keys, prices and quantities; journey 4's server, e2e/origin.ts), on
// pages the other journeys do not trade in; what moves with the clock (the charts' day labels, "last
// trade" dates, offer end dates) is masked. Also here: each page's first-load JavaScript (gzip) and
// how soon it shows content on a warm server, written to .tmp/page-weight.md for the README.
import { mkdirSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

import { expect, test, type Page } from "./test";

import { seriousViolations } from "./axe";
import { signIn } from "./journey-helpers";
import { TEST_DEMO_PASSWORD as DEMO_PASSWORD } from "../tests/demo-password";

const ART = "Meridian Modern Art Collection";
const VIEWS = [
  { name: "desktop-light", width: 1440, height: 900, colorScheme: "light" },
  { name: "phone-dark", width: 390, height: 844, colorScheme: "dark" },
] as const;

/** What moves with the clock or with trades of other journeys. */
const moving = (page: Page) => [
  page.locator("figure div[aria-hidden='true']"),
  page.getByText(/^Last trade /),
  page.locator("td", { hasText: / UTC$/ }),
];

async function assetPath(page: Page, name: string): Promise<string> {
  await page.goto("/marketplace");
  const href = await page.getByRole("region", { name: /Active offers/ }).getByRole("link", { name, exact: true }).first().getAttribute("href");
  return href ?? "";
}

async function settle(page: Page, heading: string): Promise<void> {
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The lazily loaded charts have drawn (or there is none on the page).
  await expect(page.locator("figure .animate-pulse")).toHaveCount(0);
}

for (const view of VIEWS) {
  test(`the main pages match their baselines (${view.name})`, async ({ page }) => {
    await page.setViewportSize({ width: view.width, height: view.height });
    await page.emulateMedia({ colorScheme: view.colorScheme });
    await page.goto("/signin");
    await expect(page).toHaveScreenshot(`signin-${view.name}.png`, { fullPage: true });
    // The issuer has done nothing yet: its first steps, and a portfolio with nothing in it.
    await signIn(page, "issuer@example.com", DEMO_PASSWORD);
    await settle(page, "Dashboard");
    await expect(page.getByRole("heading", { name: "Your first steps" })).toBeVisible();
    // Journey 4's admin registers organizations of its own before this runs (or not, when this spec
    // runs alone): their list is left out of the picture, so the page's height does not depend on it.
    await page.getByRole("list", { name: /Organizations/ }).evaluate((list) => {
      (list as HTMLElement).style.display = "none";
    });
    await expect(page).toHaveScreenshot(`dashboard-newcomer-${view.name}.png`, { fullPage: true });
    await page.goto(`/marketplace?assetId=${encodeURIComponent((await assetPath(page, ART)).split("/").pop() ?? "")}&sort=priceAsc`);
    await settle(page, "Marketplace");
    await expect(page).toHaveScreenshot(`marketplace-${view.name}.png`, { fullPage: true, mask: moving(page) });
    await page.goto(await assetPath(page, ART));
    await settle(page, ART);
    await expect(page).toHaveScreenshot(`asset-${view.name}.png`, { fullPage: true, mask: moving(page) });
  });
}

test("the new pages have no serious accessibility violations, light and dark, at 1440 and 390 px, and do not scroll sideways", async ({ page }) => {
  await signIn(page, "bob@example.com", DEMO_PASSWORD);
  const pages = [
    { path: "/dashboard", heading: "Dashboard" },
    { path: "/marketplace", heading: "Marketplace" },
    { path: await assetPath(page, ART), heading: ART },
  ];
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      for (const { path, heading } of pages) {
        await page.goto(path);
        await settle(page, heading);
        expect(await seriousViolations(page), `${path} ${colorScheme} ${width}`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      }
    }
    // The navigation folds behind "Menu" on a phone, and opens.
    if (width === 390) {
      await page.getByRole("button", { name: "Menu" }).click();
      await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Cash" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    }
  }
});

/**
 * The JavaScript a page's HTML loads before it is interactive (its script tags), gzip-compressed.
 * Next's polyfills for browsers without modules (`<script noModule>`) are left out: every browser the
 * portal supports skips them without downloading.
 */
async function firstLoadJs(page: Page, path: string): Promise<{ bytes: number; files: number }> {
  const html = await (await page.request.get(path)).text();
  const tags = [...html.matchAll(/<script[^>]+src="([^"]+\.js[^"]*)"[^>]*>/g)].filter((m) => !/\snomodule/i.test(m[0]));
  const sources = [...new Set(tags.map((m) => m[1] ?? ""))];
  let bytes = 0;
  for (const source of sources) bytes += gzipSync(await (await page.request.get(source)).body()).byteLength;
  return { bytes, files: sources.length };
}

/** What a page's first load may ship, in KiB of gzip: the 250 (README "Page weight"). */
const BUDGET_KIB = 250;

/** Loads of a page whose first paints are timed; the median is held to the bound. */
const PAINT_SAMPLES = 3;

/**
 * Measures one page: its first-load JavaScript, then its first paint once the server is warm. The
 * paint is the median of three loads: one load alone was once held up past the bound by a pause on
 * this 2-core machine (1,052 ms, then 164-272 ms on every rerun), which says nothing about the page.
 */
async function measure(page: Page, path: string, heading: string, label: string): Promise<string> {
  const weight = await firstLoadJs(page, path);
  await page.goto(path); // warm: the server has rendered it once, the browser holds nothing but the session
  const paints: number[] = [];
  for (let sample = 0; sample < PAINT_SAMPLES; sample += 1) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    paints.push(
      await page.evaluate(() => {
        const paint = performance.getEntriesByName("first-contentful-paint")[0];
        return Math.round(paint ? paint.startTime : performance.now());
      }),
    );
  }
  const contentMs = paints.sort((x, y) => x - y)[Math.floor(PAINT_SAMPLES / 2)] ?? Number.POSITIVE_INFINITY;
  expect(weight.bytes, `${label}: first-load JavaScript`).toBeLessThanOrEqual(BUDGET_KIB * 1024);
  expect(contentMs, `${label}: first contentful paint`).toBeLessThan(1000);
  return `| \`${label}\` | ${(weight.bytes / 1024).toFixed(1)} KB | ${weight.files} | ${contentMs} ms |`;
}

/** The trade ticket of the first offer an asset's page lists. */
async function ticketPath(page: Page, asset: string): Promise<string> {
  await page.goto(asset);
  const href = await page.getByRole("region", { name: "Open offers" }).getByRole("link", { name: /^(Buy|Sell) / }).first().getAttribute("href");
  return href ?? "";
}

test("each page's first load stays within its JavaScript budget (gzip; 250 KB) and shows content within 1 s on a warm server", async ({ page }) => {
  // Thirteen pages, each loaded four times and its scripts fetched again: about 60 s on this machine
  // while the other journeys' servers run (it ran out of the default 60 s once, on its 13th page,
  // with every page within its budget). Each page's own limits above are what the test checks.
  test.setTimeout(150_000);
  const lines = ["| page | first-load JavaScript (gzip) | script files | first paint (warm server) |", "|---|---|---|---|"];
  lines.push(await measure(page, "/signin", "Sign in", "/signin"));
  lines.push(await measure(page, "/docs/api", "API reference", "/docs/api"));
  await signIn(page, "issuer@example.com", DEMO_PASSWORD);
  const art = await assetPath(page, ART);
  const ticket = await ticketPath(page, art);
  lines.push(await measure(page, "/dashboard", "Dashboard", "/dashboard"));
  const labels = new Map([
    [art, "/marketplace/{assetId}"],
    [ticket, "/marketplace/{assetId}/{intentId}"],
  ]);
  const pages = [
    ["/marketplace", "Marketplace"],
    [art, ART],
    [ticket, "Trade ticket"],
    ["/profile", "Profile"],
    ["/cash", "Cash"],
    ["/trades", "Trades"],
    ["/receipts", "Receipts"],
    ["/assets", "Assets"],
    ["/intents", "Intents"],
    ["/signing", "Signing inbox"],
  ] as const;
  for (const [path, heading] of pages) lines.push(await measure(page, path, heading, labels.get(path) ?? path));
  mkdirSync(".tmp", { recursive: true });
  writeFileSync(".tmp/page-weight.md", `${lines.join("\n")}\n`);
  console.log(lines.join("\n"));
});
