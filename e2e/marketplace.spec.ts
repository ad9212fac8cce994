// The marketplace: an issuer publishes two assets' primary sales at different prices through the API;
// an investor filters by asset, sorts by price, pages through the offers with the view in the URL
// (shared links and the back button), sees an offer published meanwhile appear without a reload and
// hears about it in the polite status region, and the filtered page passes axe and fits a phone.
// Then a buying intent: its owner sees it as "Your offer" (no action), a holder sells into it through
// the seller's ticket, and the buyer signs in the signing inbox.
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { generatePrivateKey, getFinId, signHash } from "@/lib/domain/secp256k1";
import { profileProofHash } from "@/lib/domain/signature-template";
import { seriousViolations } from "./axe";
import {
  acceptedPlanId,
  chooseProfile,
  createKeyAndProfile,
  depositFirstFunds,
  expectNoPrivateKeySent,
  exportPrivateKey,
  nav,
  openTicket,
  PASSPHRASE,
  recordRequests,
  SCREENSHOTS,
  signIn,
} from "./journey-helpers";
import { origin } from "./origin";
import { holdingsOf, publishPrimarySale } from "./router-api";
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

test("a holder sells into a buying intent through the ticket, the buyer signs in the signing inbox; an owner's offer leads to no action", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const assetName = `Cedar Fund ${Date.now()}`;
  const sale = await publishPrimarySale(browser, { name: assetName, amount: "100", unitValue: "2" });
  const sent = recordRequests(page);

  // Alice holds 5 tokens, bought in the primary sale.
  await signIn(page, "alice@example.com", DEMO_PASSWORD);
  const alice = await createKeyAndProfile(page);
  const privateKey = await exportPrivateKey(page, alice.fingerprint);
  await depositFirstFunds(page, browser, alice.fingerprint, "10");
  await openTicket(page, sale);
  await page.getByLabel("Quantity (tokens)").fill("5");
  await page.getByRole("button", { name: "Review the trade" }).click();
  await page.getByRole("button", { name: "Sign and submit" }).click();
  await acceptedPlanId(page);
  await expect(page.getByTestId("plan-status")).toHaveText("Completed", { timeout: 30_000 });

  // Bob, in his own browser, asks for 4 tokens at 3 USD. The form's words are plain, and each
  // attempt replaces the messages of the one before: a success, a refusal, a mistake.
  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  await signIn(bobPage, "bob@example.com", DEMO_PASSWORD);
  const bob = await createKeyAndProfile(bobPage);
  await depositFirstFunds(bobPage, browser, bob.fingerprint, "20");
  await nav(bobPage).getByRole("link", { name: "Intents" }).click();
  await expect(bobPage.getByRole("heading", { name: "Intents", level: 1 })).toBeVisible();
  await chooseProfile(bobPage, bob.fingerprint);
  const form = bobPage.getByRole("form", { name: "Publish an intent" });
  const fillBuyingIntent = async (quantity: string) => {
    await form.getByLabel("Buying intent").check();
    await form.getByLabel("Asset", { exact: true }).selectOption(sale.assetId);
    await form.getByLabel("Quantity (tokens)").fill(quantity);
    await form.getByLabel("Unit price (USD)").fill("3");
  };
  await fillBuyingIntent("1,5");
  await form.getByRole("button", { name: "Publish intent" }).click();
  const amountRule = "Quantity (tokens): must be a number such as 2.5 or 105.00: only digits and at most one decimal point (with a digit on each side), no leading zeros, at most 18 digits before the point and 18 after it";
  await expect(form.getByText(amountRule)).toBeVisible();
  await form.getByLabel("Quantity (tokens)").fill("4");
  await form.getByRole("button", { name: "Publish intent" }).click();
  const published = bobPage.getByRole("status").filter({ hasText: /Intent node:105:.* is published/ });
  await expect(published).toBeVisible();
  const intentId = /node:105:[0-9a-f-]{36}/.exec((await published.textContent()) ?? "")?.[0] ?? "";
  await expect(form.getByLabel("Quantity (tokens)")).toHaveValue("");
  await form.getByRole("button", { name: "Publish intent" }).click();
  await expect(form.getByText(amountRule)).toBeVisible();
  await expect(published).toHaveCount(0);

  // Signed out in another tab: the server refuses, in words; a mistake caught in the browser then
  // replaces that refusal instead of standing beside it.
  const otherTab = await bobContext.newPage();
  await otherTab.goto("/dashboard");
  await otherTab.getByRole("button", { name: "Sign out" }).click();
  await expect(otherTab).toHaveURL(/\/signin/);
  await otherTab.close();
  await fillBuyingIntent("1");
  await form.getByRole("button", { name: "Publish intent" }).click();
  const signedOut = form.getByRole("alert").filter({ hasText: "The intent was not published: you are signed out. Sign in again, then try again." });
  await expect(signedOut).toBeVisible();
  await form.getByLabel("Quantity (tokens)").fill("");
  await form.getByRole("button", { name: "Publish intent" }).click();
  await expect(form.getByText(amountRule)).toBeVisible();
  await expect(signedOut).toHaveCount(0);
  await signIn(bobPage, "bob@example.com", DEMO_PASSWORD);

  // His own offer leads nowhere he could not go: "Your offer", no Buy or Sell; its ticket says so.
  await bobPage.goto(`/marketplace?assetId=${encodeURIComponent(sale.assetId)}`);
  const offers = bobPage.getByRole("region", { name: /Active offers/ });
  const own = offers.getByRole("row").filter({ hasText: "Buying" });
  await expect(own).toContainText("Your offer");
  await expect(own.getByRole("link")).toHaveCount(0);
  await expect(offers.getByRole("row").filter({ hasText: "Primary sale" }).getByRole("link", { name: /^Buy/ })).toBeVisible();
  await bobPage.goto(`/marketplace/${encodeURIComponent(sale.assetId)}/${encodeURIComponent(intentId)}`);
  await expect(bobPage.getByText("This is your own offer, so you cannot take it.")).toBeVisible();
  await expect(bobPage.getByLabel("Quantity (tokens)")).toHaveCount(0);

  // Alice sells into it: the row's Sell opens the seller's ticket. A reload locks her key; she
  // unlocks it in the ticket.
  await nav(page).getByRole("link", { name: "Marketplace" }).click();
  await page.getByLabel("Asset").selectOption(sale.assetId);
  const ticketPath = `/marketplace/${encodeURIComponent(sale.assetId)}/${encodeURIComponent(intentId)}`;
  await page.getByRole("region", { name: /Active offers/ }).getByRole("row").filter({ hasText: "Buying" }).getByRole("link", { name: /^Sell/ }).click();
  await page.waitForURL((url) => url.pathname === ticketPath);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Trade ticket", level: 1 })).toBeVisible();
  await expect(page.getByText("Buying intent: the buyer pays, you deliver the tokens")).toBeVisible();
  await chooseSeller(page, alice.fingerprint);
  const quantity = page.getByLabel("Quantity (tokens)");
  await quantity.fill("5");
  const checks = page.getByRole("list", { name: "Eligibility pre-check" });
  await expect(checks).toContainText("Not possible: The buyer asks for 4 tokens; sell at most that many.");
  await quantity.fill("4");
  await expect(page.getByRole("status", { name: "You receive" })).toHaveText("12 USD");
  await expect(checks).toContainText("OK: 4 of the 4 tokens the buyer asks for.");
  await expect(checks).toContainText("OK: You hold 5 tokens of it available to sell.");
  await expect(checks).toContainText("OK: The offer is active.");
  await expect(checks).toContainText(/OK: The buyer's money may be held until .* UTC\./);
  await expect(checks).toContainText("Note: The buyer signs next, in their signing inbox; their money is held then. If it is not there, the trade fails and your tokens stay yours.");
  const passphrase = page.getByLabel(`Passphrase for key ${alice.fingerprint}`);
  await passphrase.fill(PASSPHRASE);
  await passphrase.press("Enter");
  await expect(passphrase).toHaveCount(0);
  await expect(quantity).toHaveValue("4");
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/buying-intent-ticket.png`, fullPage: true });
  await page.getByRole("button", { name: "Review the trade" }).click();

  await expect(page.getByRole("heading", { name: "Review and sign" })).toBeFocused();
  await expect(page.getByText(/^You sell 4 tokens of Cedar Fund .* for 12 USD, paid to your profile .* through Built-in Escrow\.$/)).toBeVisible();
  await expect(page.getByText(`The tokens come from you (your key ${alice.fingerprint}).`)).toBeVisible();
  await expect(page.getByText(`The tokens go to the buyer (key ${bob.fingerprint}).`)).toBeVisible();
  await expect(page.getByText(`The money is paid by the buyer (key ${bob.fingerprint}).`)).toBeVisible();
  await expect(page.getByText(`The money is paid to you (your key ${alice.fingerprint}).`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const executing = page.waitForRequest((r) => r.url().endsWith("/api/router/finapi/tokens/execute"));
  await page.getByRole("button", { name: "Sign and submit" }).click();
  const body = (await executing).postDataJSON() as { user?: string; intent?: { type?: string; buyer?: string; settlement?: { instruction?: Record<string, unknown> } } };
  expect(body.intent?.type).toBe("buyingIntentExecution");
  expect(body.user).toBe(alice.profileId);
  expect(body.intent?.buyer).toBe(bob.profileId);
  expect(body.intent?.settlement?.instruction).not.toHaveProperty("expiry");
  await acceptedPlanId(page);
  await expect(page.getByTestId("plan-status")).toHaveText("Pending");
  await expect(page.getByTestId("plan-outcome")).toContainText("Waiting for the buyer to sign the trade in their signing inbox");

  // Bob signs in his signing inbox with his browser key.
  await bobPage.goto("/signing");
  const request = bobPage.getByRole("list", { name: "Signing requests" }).getByRole("listitem").filter({ hasText: intentId });
  await expect(request).toContainText("Waiting for your signature", { timeout: 20_000 });
  await request.getByRole("button", { name: /Review and sign/ }).click();
  await expect(request.getByText(`4 tokens of ${assetName}, from the seller (key ${finIdFingerprint(alice.finId)}), delivered to you (key ${finIdFingerprint(bob.finId)}).`)).toBeVisible();
  await request.getByLabel(/Passphrase for key/).fill(PASSPHRASE);
  await request.getByRole("button", { name: /Unlock key/ }).click();
  await request.getByRole("button", { name: "Sign and send" }).click();
  await expect(request.getByRole("status").filter({ hasText: "Your signature was sent." })).toBeVisible();

  // Alice's ticket, open all along, hears the trade complete; the tokens and the money moved.
  await expect(page.getByTestId("plan-status")).toHaveText("Completed", { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Your trade is complete" })).toBeVisible();
  await expect(page.getByText("The 4 tokens went to the buyer, and you have been paid 12 USD.")).toBeVisible();
  expect((await holdingsOf(page.request, alice.profileId))[sale.assetId]).toEqual({ balance: "1", held: "0", available: "1" });
  expect((await holdingsOf(bobPage.request, bob.profileId))[sale.assetId]).toEqual({ balance: "4", held: "0", available: "4" });
  await expect.poll(async () => (await holdingsOf(page.request, alice.profileId)).USD?.balance, { timeout: 20_000 }).toBe("12");
  expect((await holdingsOf(bobPage.request, bob.profileId)).USD?.balance).toBe("8");
  await bobContext.close();
  expectNoPrivateKeySent(sent, privateKey);
});

/** On the seller's ticket: the profile of `fingerprint` sells (the demo users may have others). */
async function chooseSeller(page: Page, fingerprint: string): Promise<void> {
  const picker = page.getByLabel("Sell from profile");
  if ((await picker.count()) === 0) return;
  await picker.selectOption((await picker.locator("option", { hasText: fingerprint }).getAttribute("value")) ?? "");
}
