// The portal as a newcomer finds it after `npm install && npm start` (README "Quick start"): the
// demo market of a first start (journey 4's server has it, e2e/origin.ts). A demo investor signs in
// to a market with offers and charts with weeks of history and a dashboard that says what to do
// next; the first steps advance as she goes (a key, a profile, the demo money waiting for her, a
// first purchase, a KYC/AML certificate); her purchase raises a toast and moves the dashboard's value
// and the asset page's chart in tabs that are not reloaded; and when a buyer takes her own offer, the
// signing request appears in her notification centre.
import { expect, test, type Page } from "./test";

import { seriousViolations } from "./axe";
import { createKeyAndProfile, fillKycCertificate, nav, SCREENSHOTS, signIn } from "./journey-helpers";
import { TEST_DEMO_PASSWORD as DEMO_PASSWORD } from "../tests/demo-password";

const BOND = "Alpine Solar Bond 2031";
const progress = (page: Page) => page.getByRole("region", { name: "Your first steps" }).getByText(/^\d of 5 done$/);
/** A figure of a stat (components/ui/stat.tsx): the description right after its term. */
const stat = (page: Page, label: string) => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");

async function openAsset(page: Page, name: string): Promise<void> {
  await nav(page).getByRole("link", { name: "Marketplace" }).click();
  await page.getByRole("region", { name: /Active offers/ }).getByRole("link", { name, exact: true }).first().click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
}

test("a newcomer finds a living market, follows the first steps, and a purchase moves the dashboard and the chart live", async ({ page, context }) => {
  test.setTimeout(240_000);
  await signIn(page, "alice@example.com", DEMO_PASSWORD);

  // The dashboard says what to do next: five steps, none done.
  await expect(page.getByRole("heading", { name: "Your first steps" })).toBeVisible();
  await expect(progress(page)).toHaveText("0 of 5 done");
  await expect(page.getByRole("list", { name: "First steps" }).getByRole("listitem")).toHaveText([/Create your browser key/, /Make your profile/, /Add a KYC\/AML certificate/, /Deposit money/, /Make your first trade/]);
  await page.screenshot({ path: `${SCREENSHOTS}/first-steps.png`, fullPage: true });

  // A market with offers, and an asset page with weeks of history, its documents and its offers.
  await nav(page).getByRole("link", { name: "Marketplace" }).click();
  await expect(page.getByRole("status").filter({ hasText: "9 offers found." })).toBeVisible();
  await openAsset(page, BOND);
  await expect(page.getByText("Issued by Alpine Energy Cooperative")).toBeVisible();
  await expect(stat(page, "Trades, 90 days")).toHaveText("15");
  const figures = page.getByRole("region", { name: `Daily closing price and volume of ${BOND}` });
  await page.getByText("Show the figures").click();
  expect(await figures.getByRole("row").count()).toBeGreaterThan(10);
  await expect(page.getByRole("link", { name: `${BOND} fact sheet.pdf` })).toBeVisible();
  const offers = page.getByRole("region", { name: `Open offers of ${BOND}` });
  await expect(offers.getByRole("progressbar", { name: /Sold of the primary sale/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A key and a profile: the demo money waiting for her arrives, with a toast.
  const alice = await createKeyAndProfile(page);
  await expect(page.getByRole("status").filter({ hasText: "Money arrived" })).toBeVisible({ timeout: 30_000 });
  await nav(page).getByRole("link", { name: "Dashboard" }).click();
  await expect(progress(page)).toHaveText("3 of 5 done");
  await expect(stat(page, "Available cash")).toHaveText("$10,000.00");
  await expect(stat(page, "Tokens")).toHaveText("$0.00");

  // Two more tabs, never reloaded: the dashboard and the asset page.
  const dashboard = await context.newPage();
  await dashboard.goto("/dashboard");
  await expect(stat(dashboard, "Total value")).toHaveText("$10,000.00");
  const chart = await context.newPage();
  await chart.goto(page.url());
  await openAsset(chart, BOND);
  await expect(stat(chart, "Trades, 90 days")).toHaveText("15");

  // Buy 2 of the bond from the cheapest selling intent; its seller signs at once (the demo market's signer).
  await openAsset(page, BOND);
  await offers.getByRole("link", { name: `Buy ${BOND} at $100.70` }).click();
  await expect(page.getByRole("heading", { name: "Trade ticket", level: 1 })).toBeVisible();
  await page.getByLabel("Quantity (tokens)").fill("2");
  await expect(page.getByRole("status", { name: "Total" })).toHaveText("201.4 USD");
  await page.getByRole("button", { name: "Review the trade" }).click();
  await page.getByRole("button", { name: "Sign and submit" }).click();
  await expect(page.getByTestId("plan-status")).toHaveText("Completed", { timeout: 30_000 });
  await expect(page.getByRole("status").filter({ hasText: "Trade completed" })).toBeVisible();

  // Live, without a reload: the dashboard's value and the asset page's chart and figures.
  await expect(stat(dashboard, "Tokens")).toHaveText("$201.40", { timeout: 20_000 });
  await expect(stat(dashboard, "Available cash")).toHaveText("$9,798.60");
  await expect(stat(dashboard, "Total value")).toHaveText("$10,000.00");
  await expect(dashboard.getByRole("table", { name: /Your holdings/ }).getByRole("row", { name: new RegExp(BOND) }).getByRole("cell")).toHaveText(["2", "$100.70", "$201.40", /%|No change known/]);
  await expect(stat(chart, "Trades, 90 days")).toHaveText("16", { timeout: 20_000 });
  await expect(stat(chart, "Last price")).toContainText("$100.70");
  await expect(progress(dashboard)).toHaveText("4 of 5 done");
  await dashboard.getByRole("heading", { name: "Holdings" }).scrollIntoViewIfNeeded();
  await dashboard.screenshot({ path: `${SCREENSHOTS}/portfolio.png`, fullPage: true });
  await chart.screenshot({ path: `${SCREENSHOTS}/asset-page.png`, fullPage: true });

  // The tab she bought in holds both notices (each tab keeps its own), the unread count in the navigation.
  await page.getByRole("button", { name: /^Notifications\s*2\s*unread$/ }).click();
  const centre = page.getByRole("dialog", { name: "Notifications" });
  await expect(centre.getByRole("listitem")).toHaveText([/Trade completed/, /Money arrived/]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/notifications.png` });
  await centre.getByRole("button", { name: "Close Notifications" }).click();
  await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();

  // The last step: a KYC/AML certificate; then the checklist is gone.
  await nav(page).getByRole("link", { name: "Profile" }).click();
  const profile = page.getByRole("list", { name: "Your profiles" }).getByRole("listitem").filter({ hasText: alice.profileId });
  await profile.getByText("Add a certificate").click();
  const form = profile.getByRole("form", { name: "Add a certificate" });
  await fillKycCertificate(form, { name: "Alice Investor", country: "DE" });
  await form.getByRole("button", { name: "Add certificate" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Certificate added\./ })).toBeVisible();
  await nav(page).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Holdings" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your first steps" })).toHaveCount(0);
});

test("a signing request for a demo investor's own offer appears in her notification centre", async ({ page, browser }) => {
  test.setTimeout(240_000);
  // Alice (after the test above) holds 2 of the bond and offers 1 at 150 USD, signed through her inbox.
  await signIn(page, "alice@example.com", DEMO_PASSWORD);
  await nav(page).getByRole("link", { name: "Intents" }).click();
  const form = page.getByRole("form", { name: "Publish an intent" });
  await form.getByLabel("Selling intent").check();
  const asset = form.getByLabel("Asset", { exact: true });
  await asset.selectOption({ label: (await asset.locator("option", { hasText: BOND }).textContent()) ?? "" });
  await form.getByLabel("Quantity (tokens)").fill("1");
  await form.getByLabel("Unit price (USD)").fill("150");
  await form.getByRole("button", { name: "Publish intent" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Intent node:105:.* is published/ })).toBeVisible();
  await nav(page).getByRole("link", { name: "Dashboard" }).click();

  // Bob, in his own browser: a key, a profile (his demo money arrives), and Alice's offer bought.
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  await signIn(bob, "bob@example.com", DEMO_PASSWORD);
  await createKeyAndProfile(bob);
  await expect(bob.getByRole("status").filter({ hasText: "Money arrived" })).toBeVisible({ timeout: 30_000 });
  await openAsset(bob, BOND);
  await bob.getByRole("region", { name: `Open offers of ${BOND}` }).getByRole("link", { name: `Buy ${BOND} at $150.00` }).click();
  await bob.getByLabel("Quantity (tokens)").fill("1");
  await bob.getByRole("button", { name: "Review the trade" }).click();
  await bob.getByRole("button", { name: "Sign and submit" }).click();
  await expect(bob.getByTestId("plan-status")).toHaveText(/Pending|Approved/);

  // Alice's page, open all along: a toast, and the request in the notification centre, linking to the inbox.
  await expect(page.getByRole("status").filter({ hasText: "A signing request waits for you" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: /^Notifications\s*1\s*unread$/ }).click();
  const centre = page.getByRole("dialog", { name: "Notifications" });
  await expect(centre.getByRole("listitem").first()).toContainText("A signing request waits for you");
  await centre.getByRole("link", { name: "Open the signing inbox" }).click();
  await expect(page.getByRole("heading", { name: "Signing inbox", level: 1 })).toBeVisible();
  await bobContext.close();
});
