// The marketplace: an issuer publishes two assets' primary sales at different prices through the API;
// an investor filters by asset, sorts by price, pages through the offers with the view in the URL
// (shared links and the back button), sees an offer published meanwhile appear without a reload and
// hears about it in the polite status region, and the filtered page passes axe and fits a phone.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { generatePrivateKey, getFinId, signHash } from "@/lib/domain/secp256k1";
import { profileProofHash } from "@/lib/domain/signature-template";
import { seriousViolations } from "./axe";
import { SCREENSHOTS, signIn } from "./journey-helpers";
import { origin } from "./origin";
import { TEST_DEMO_PASSWORD as DEMO_PASSWORD } from "../tests/demo-password";

const usd = { type: "fiat", code: "USD" } as const;

type Issuer = { request: APIRequestContext; issuerId: string; finId: string };

async function post(issuer: Issuer | APIRequestContext, path: string, data: unknown): Promise<Record<string, unknown>> {
  const request = "request" in issuer ? issuer.request : issuer;
  // A fresh connection each time: a kept-alive one the server has just timed out fails with ECONNRESET.
  const response = await request.post(`${origin()}${path}`, { data, headers: { connection: "close" } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function newAsset(issuer: Issuer, name: string): Promise<string> {
  return String((await post(issuer, "/api/router/finapi/profiles/asset", { name, issuerId: issuer.issuerId, denomination: usd, decimals: 0, rules: {} })).id);
}

async function primarySale(issuer: Issuer, assetId: string, amount: string, unitValue: string): Promise<string> {
  const tokens = { type: "p2p", resourceId: assetId };
  const now = Math.floor(Date.now() / 1000);
  const body = {
    assetTerm: { asset: tokens, amount },
    assetInstruction: { account: { account: { type: "finId", finId: issuer.finId, orgId: "node" }, asset: tokens } },
    settlementTerm: { asset: usd, unitValue },
    intent: {
      type: "primarySale",
      issuerId: issuer.issuerId,
      sellingSettlementInstruction: { type: "escrow", whiteListedEscrows: ["escrow"], accounts: [{ asset: usd, identifier: { type: "finId", finId: issuer.finId, orgId: "escrow" } }] },
    },
    start: now - 60,
    end: now + 3600,
  };
  return String((await post(issuer, `/api/router/finapi/profiles/asset/${assetId}/intent`, body)).id);
}

/** The unit prices of the offers table, top to bottom. */
const prices = (page: Page) => page.getByRole("region", { name: /Active offers/ }).locator("tbody tr td:nth-child(4)");
const status = (page: Page) => page.getByRole("status").filter({ hasText: /offers? found|Page \d+:|Loading offers/ });

test("the marketplace filters by asset, sorts by price on the server, pages, keeps the view in the URL and updates live", async ({ page, browser }) => {
  const stamp = Date.now();
  const alder = `Alder Bond ${stamp}`;
  const birch = `Birch Note ${stamp}`;

  const issuerContext = await browser.newContext();
  const issuerPage = await issuerContext.newPage();
  await signIn(issuerPage, "issuer@example.com", DEMO_PASSWORD);
  const privateKey = generatePrivateKey();
  const finId = getFinId(privateKey);
  const profile = await post(issuerPage.request, "/api/router/finapi/profiles/owner", { publicKey: finId, signature: signHash(profileProofHash(finId), privateKey) });
  const issuer: Issuer = { request: issuerPage.request, issuerId: String((profile.response as { id: string }).id), finId };
  const alderId = await newAsset(issuer, alder);
  const birchId = await newAsset(issuer, birch);
  await primarySale(issuer, alderId, "100", "12.5");
  await primarySale(issuer, alderId, "40", "7");
  // 21 Birch offers at 1.01 … 21.01: one more than a page.
  for (let i = 1; i <= 21; i += 1) await primarySale(issuer, birchId, String(i), `${i}.01`);

  await signIn(page, "alice@example.com", DEMO_PASSWORD);
  await page.goto("/marketplace");
  await expect(page.getByRole("heading", { name: "Marketplace", level: 1 })).toBeVisible();
  await expect(status(page)).toHaveText(/^Page 1: 20 offers, more on the next page\.$/);

  // Filter by asset: the select offers the assets with active offers, with their counts.
  const asset = page.getByLabel("Asset");
  await asset.selectOption({ label: `${alder} (2 offers)` });
  await expect(page).toHaveURL(new RegExp(`assetId=${encodeURIComponent(alderId)}`));
  await expect(status(page)).toHaveText("2 offers found.");
  await expect(page.getByRole("region", { name: /Active offers/ }).getByRole("row", { name: new RegExp(alder) })).toHaveCount(2);

  // Sort by price, both ways; each choice is a URL of its own.
  const sort = page.getByLabel("Sort by");
  await sort.selectOption({ label: "Unit price, low to high" });
  await expect(page).toHaveURL(/sort=priceAsc/);
  await expect(prices(page)).toHaveText(["7 USD", "12.5 USD"]);
  await expect(page.getByRole("columnheader", { name: "Unit price" })).toHaveAttribute("aria-sort", "ascending");
  await sort.selectOption({ label: "Unit price, high to low" });
  await expect(page).toHaveURL(/sort=priceDesc/);
  await expect(prices(page)).toHaveText(["12.5 USD", "7 USD"]);
  await page.goBack();
  await expect(page).toHaveURL(/sort=priceAsc/);
  await expect(sort).toHaveValue("priceAsc");
  await expect(prices(page)).toHaveText(["7 USD", "12.5 USD"]);

  // A shared link opens the same view.
  const shared = page.url();
  const other = await browser.newContext();
  const reader = await other.newPage();
  await signIn(reader, "bob@example.com", DEMO_PASSWORD);
  await reader.goto(shared);
  await expect(reader.getByLabel("Asset")).toHaveValue(alderId);
  await expect(prices(reader)).toHaveText(["7 USD", "12.5 USD"]);
  await other.close();

  // Published meanwhile: the new offer appears without a reload, and the status region says so.
  await expect(status(page)).not.toContainText("Updated at");
  await sort.focus();
  await primarySale(issuer, alderId, "10", "9.75");
  await expect(prices(page)).toHaveText(["7 USD", "9.75 USD", "12.5 USD"], { timeout: 20_000 });
  await expect(status(page)).toHaveText(/^3 offers found\. Updated at \d\d:\d\d:\d\d UTC\.$/);
  await expect(sort).toBeFocused();

  await page.waitForLoadState("networkidle");
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/marketplace-filtered.png`, fullPage: true });

  // Pages of another asset, cheapest first: 20, then the one left; back again.
  await asset.selectOption({ label: `${birch} (21 offers)` });
  await expect(page).toHaveURL(/sort=priceAsc/);
  await expect(status(page)).toHaveText("Page 1: 20 offers, more on the next page.");
  await expect(prices(page).first()).toHaveText("1.01 USD");
  await expect(prices(page).last()).toHaveText("20.01 USD");
  const pager = page.getByRole("navigation", { name: "Pages of offers" });
  await pager.getByRole("button", { name: "Next page" }).click();
  await expect(status(page)).toHaveText("Page 2: 1 offer.");
  await expect(prices(page)).toHaveText(["21.01 USD"]);
  await expect(pager.getByRole("button", { name: "Next page" })).toBeDisabled();
  await pager.getByRole("button", { name: "Previous page" }).click();
  await expect(status(page)).toHaveText("Page 1: 20 offers, more on the next page.");
  await sort.selectOption({ label: "Unit price, high to low" });
  await expect(prices(page).first()).toHaveText("21.01 USD");
  await expect(status(page)).toHaveText("Page 1: 20 offers, more on the next page.");

  // Type filter with nothing to show, then the filters cleared.
  await page.getByLabel("Type").selectOption("sellingIntent");
  await expect(page.getByText(`No active offers of type Selling for ${birch} right now.`)).toBeVisible();
  await expect(status(page)).toHaveText("0 offers found.");
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/marketplace\?sort=priceDesc$/);
  await expect(prices(page).first()).toHaveText("21.01 USD");

  // A phone: filters stack, the table scrolls inside its own region, the page does not.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/marketplace?assetId=${encodeURIComponent(alderId)}&sort=priceAsc`);
  await expect(prices(page)).toHaveText(["7 USD", "9.75 USD", "12.5 USD"]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.waitForLoadState("networkidle");
  expect(await seriousViolations(page)).toEqual([]);
  await issuerContext.close();
});
