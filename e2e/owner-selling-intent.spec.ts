// Journey (2) of issue 7, every step in the portal, each person in a browser of their own: an
// issuer creates an asset and a primary sale; Alice funds her profile and buys tokens in the sale
// through the trade ticket, then publishes a selling intent; Bob funds his profile and takes it
// through the ticket; Alice, told by the badge in the navigation, reviews and signs the request in
// her signing inbox with her browser key; Bob's settlement page shows the trade complete, live, and
// the holdings move. Then Alice offers her last 4 tokens, Bob takes them, and Alice declines with a
// reason, which Bob's settlement page shows as why the trade was rejected.
import { expect, test, type Page } from "./test";

import { seriousViolations } from "./axe";
import { acceptedPlanId, chooseProfile, createKeyAndProfile, depositFirstFunds, nav, openTicket, PASSPHRASE, SCREENSHOTS, signIn } from "./journey-helpers";
import { holdingsOf, planStatus } from "./router-api";
import { TEST_DEMO_PASSWORD as DEMO_PASSWORD } from "../tests/demo-password";

/** The navigation's link to the signing inbox while one request waits: its badge reads 1. */
const ONE_WAITING = /^Signing inbox\s*1\s*waiting$/;

/** On the trade ticket, with the key unlocked: the quantity, the review, sign and submit; answers the plan's id. */
async function buyThroughTicket(page: Page, quantity: string, total: string): Promise<string> {
  await page.getByLabel("Quantity (tokens)").fill(quantity);
  await expect(page.getByRole("status", { name: "Total" })).toHaveText(total);
  await page.getByRole("button", { name: "Review the trade" }).click();
  await expect(page.getByRole("heading", { name: "Review and sign" })).toBeFocused();
  await page.getByRole("button", { name: "Sign and submit" }).click();
  return acceptedPlanId(page);
}

test("an owner publishes a selling intent, a buyer takes it, the owner signs in the signing inbox and the trade settles", async ({ page, browser }) => {
  test.setTimeout(300_000);

  // The issuer: an asset and a primary sale, in the portal.
  const issuerContext = await browser.newContext();
  const issuerPage = await issuerContext.newPage();
  await signIn(issuerPage, "issuer@example.com", DEMO_PASSWORD);
  const issuer = await createKeyAndProfile(issuerPage);
  await nav(issuerPage).getByRole("link", { name: "Assets" }).click();
  await expect(issuerPage.getByRole("heading", { name: "Assets", level: 1 })).toBeVisible();
  await chooseProfile(issuerPage, issuer.fingerprint);
  await expect(issuerPage.getByText("You have not created an asset yet.")).toBeVisible();
  const assetForm = issuerPage.getByRole("form", { name: "Create an asset" });
  await assetForm.getByLabel("Name").fill("Harbour Fund A");
  await assetForm.getByLabel("Decimals").fill("19");
  await assetForm.getByRole("button", { name: "Create asset" }).click();
  await expect(assetForm.getByText("Decimals: must be from 0 to 18")).toBeVisible();
  await expect(assetForm.getByLabel("Decimals")).toBeFocused();
  await assetForm.getByLabel("Decimals").fill("0");
  // The first answer is lost on its way back, after the server made the asset: "Create asset" again
  // sends the same Idempotency-Key and gets that asset, not a second one.
  const ASSET_POST = "**/api/router/finapi/profiles/asset";
  const keys: string[] = [];
  await issuerPage.route(ASSET_POST, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    if (keys.length > 1) return route.fallback();
    await route.fetch();
    await route.abort("connectionreset");
  });
  await assetForm.getByRole("button", { name: "Create asset" }).click();
  await expect(assetForm.getByText(/No answer came, so the asset may exist already/)).toBeVisible();
  await assetForm.getByRole("button", { name: "Create asset" }).click();
  await expect(issuerPage.getByRole("status").filter({ hasText: /Asset node:102:.* is created/ })).toBeVisible();
  await issuerPage.unroute(ASSET_POST);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  const assets = issuerPage.getByRole("table", { name: "Your assets, oldest first" });
  await expect(assets.getByRole("row", { name: /Harbour Fund A/ })).toHaveCount(1);
  await expect(assets.getByRole("row", { name: /Harbour Fund A/ })).toContainText("USD");
  const assetId = (await assets.getByRole("row", { name: /Harbour Fund A/ }).locator("td.font-mono").textContent()) ?? "";
  expect(assetId).toMatch(/^node:102:/);
  expect(await seriousViolations(issuerPage)).toEqual([]);
  await issuerPage.screenshot({ path: `${SCREENSHOTS}/assets.png`, fullPage: true });

  await assets.getByRole("link", { name: "Publish an intent for Harbour Fund A" }).click();
  await expect(issuerPage.getByRole("heading", { name: "Intents", level: 1 })).toBeVisible();
  await chooseProfile(issuerPage, issuer.fingerprint);
  const saleForm = issuerPage.getByRole("form", { name: "Publish an intent" });
  await expect(saleForm.getByLabel("Primary sale")).toBeChecked();
  await expect(saleForm.getByLabel("Signing endpoint")).toHaveCount(0);
  await expect(saleForm.getByLabel("Paid at (payment organization)").locator("option:checked")).toHaveText("Built-in Escrow");
  await saleForm.getByLabel("Quantity (tokens)").fill("100");
  await saleForm.getByLabel("Unit price (USD)").fill("10");
  await saleForm.getByRole("button", { name: "Publish intent" }).click();
  await expect(issuerPage.getByRole("status").filter({ hasText: /Intent node:105:.* is published/ })).toBeVisible();
  const saleText = (await issuerPage.getByRole("status").filter({ hasText: /is published/ }).textContent()) ?? "";
  const saleId = /node:105:[0-9a-f-]{36}/.exec(saleText)?.[0] ?? "";
  await expect(issuerPage.getByRole("table", { name: "Your intents, newest first" }).getByRole("row", { name: /Primary sale/ })).toContainText("Active");
  await issuerContext.close();

  // Alice: a browser key and profile, 100 USD, and 10 tokens bought in the primary sale.
  await signIn(page, "alice@example.com", DEMO_PASSWORD);
  const alice = await createKeyAndProfile(page);
  await depositFirstFunds(page, browser, alice.fingerprint, "100");
  await openTicket(page, { assetId, intentId: saleId });
  const bought = await buyThroughTicket(page, "10", "100 USD");
  await expect(page.getByTestId("plan-status")).toHaveText("Completed", { timeout: 30_000 });
  expect(await planStatus(page.request, bought)).toBe("completed");

  // Alice publishes a selling intent: more than she holds is named beside the quantity, then 6.
  await nav(page).getByRole("link", { name: "Intents" }).click();
  await expect(page.getByRole("heading", { name: "Intents", level: 1 })).toBeVisible();
  await chooseProfile(page, alice.fingerprint);
  await expect(page.getByText("You have not published an intent yet.")).toBeVisible();
  const form = page.getByRole("form", { name: "Publish an intent" });
  await expect(form.getByLabel("Primary sale")).toHaveCount(0);
  await form.getByLabel("Selling intent").check();
  await form.getByLabel("Asset", { exact: true }).selectOption({ label: `Harbour Fund A · ${assetId}` });
  await expect(form.getByText("You hold 10 of it available to sell.")).toBeVisible();
  await expect(form.getByLabel("Hold my money until")).toHaveCount(0);
  await expect(form.getByLabel("Signing endpoint")).toHaveValue(new RegExp(`/api/signing/callback/${alice.profileId}$`));
  await expect(form.getByLabel("Paid at (payment organization)").locator("option:checked")).toHaveText("Built-in Escrow");
  await form.getByLabel("Quantity (tokens)").fill("11");
  await form.getByLabel("Unit price (USD)").fill("2");
  await form.getByRole("button", { name: "Publish intent" }).click();
  await expect(form.getByText("Quantity (tokens): is more than the seller's 10 available tokens of the asset")).toBeVisible();
  await expect(form.getByLabel("Quantity (tokens)")).toBeFocused();
  await form.getByLabel("Quantity (tokens)").fill("6");
  // A price in tenths of a cent could be published but never paid: the form says so beside the price.
  await form.getByLabel("Unit price (USD)").fill("2.005");
  await form.getByRole("button", { name: "Publish intent" }).click();
  await expect(form.getByText("Unit price (USD): cannot be paid at escrow: 2.005 USD has more fraction digits than the currency's 2")).toBeVisible();
  await expect(form.getByLabel("Unit price (USD)")).toBeFocused();
  await form.getByLabel("Unit price (USD)").fill("2");
  await form.getByRole("button", { name: "Publish intent" }).click();
  const published = page.getByRole("status").filter({ hasText: /Intent node:105:.* is published/ });
  await expect(published).toBeVisible();
  const intentId = /node:105:[0-9a-f-]{36}/.exec((await published.textContent()) ?? "")?.[0] ?? "";
  const intents = page.getByRole("table", { name: "Your intents, newest first" });
  const row = intents.getByRole("row", { name: new RegExp(intentId) });
  await expect(row.getByRole("cell")).toHaveText([assetId, "6", "6", "2 USD", /UTC to .* UTC/, "Active", /Disable/]);

  // Disabled, it cannot be taken; enabled again, it can.
  await row.getByRole("button", { name: `Disable Selling ${intentId}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Selling ${intentId} is disabled.` })).toBeVisible();
  await expect(row).toContainText("Disabled");
  await row.getByRole("button", { name: `Enable Selling ${intentId}` }).click();
  await expect(row).toContainText("Active");
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/intents.png`, fullPage: true });

  // Bob, in his own browser: a key and profile, 12 USD, and the selling intent's ticket; he reviews
  // what he signs, signs with his browser key and submits. The plan waits for Alice's signature.
  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  await signIn(bobPage, "bob@example.com", DEMO_PASSWORD);
  const bob = await createKeyAndProfile(bobPage);
  await depositFirstFunds(bobPage, browser, bob.fingerprint, "16");
  await openTicket(bobPage, { assetId, intentId });
  await expect(bobPage.getByText("Selling intent", { exact: true })).toBeVisible();
  await bobPage.getByLabel("Quantity (tokens)").fill("6");
  await expect(bobPage.getByRole("status", { name: "Total" })).toHaveText("12 USD");
  const checks = bobPage.getByRole("list", { name: "Eligibility pre-check" });
  await expect(checks).toContainText("OK: 6 of the 6 remaining tokens.");
  await expect(checks).toContainText("OK: You have 16 USD available for the total of 12 USD.");
  await bobPage.getByRole("button", { name: "Review the trade" }).click();
  await expect(bobPage.getByRole("heading", { name: "Review and sign" })).toBeFocused();
  await expect(bobPage.getByText("Existing tokens move from the seller to the buyer.")).toBeVisible();
  await expect(bobPage.getByText(`The tokens come from the seller (key ${alice.fingerprint}).`)).toBeVisible();
  await expect(bobPage.getByText(`The money is paid to the seller (key ${alice.fingerprint}).`)).toBeVisible();
  await expect(bobPage.getByText(`The money is paid by you (your key ${bob.fingerprint}).`)).toBeVisible();
  const executing = bobPage.waitForRequest((r) => r.url().endsWith("/api/router/finapi/tokens/execute"));
  await bobPage.getByRole("button", { name: "Sign and submit" }).click();
  expect(((await executing).postDataJSON() as { intent?: { type?: string } }).intent?.type).toBe("sellingIntentExecution");
  const planId = await acceptedPlanId(bobPage);
  await bobPage.getByRole("link", { name: "the settlement page of this trade" }).click();
  await expect(bobPage.getByRole("heading", { name: "Settlement timeline", level: 1 })).toBeVisible();
  await expect(bobPage.getByTestId("plan-status")).toHaveText("Pending");
  expect(await planStatus(bobPage.request, planId)).toBe("pending");

  // Alice, on another page, is told by the navigation that a request waits; the badge opens her
  // signing inbox: the asset by name, the buyer by key, the time left. She reviews every field,
  // unlocks her key (the page load locked it), signs.
  const badge = nav(page).getByRole("link", { name: ONE_WAITING });
  await expect(badge).toBeVisible({ timeout: 20_000 });
  await expect(badge).toHaveAttribute("href", "/signing");
  await page.reload();
  await nav(page).getByRole("link", { name: ONE_WAITING }).click();
  await expect(page.getByRole("heading", { name: "Signing inbox", level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "1 request is waiting for your signature." })).toBeVisible({ timeout: 20_000 });
  const request = page.getByRole("list", { name: "Signing requests" }).getByRole("listitem").first();
  await expect(request).toContainText(intentId);
  await expect(request).toContainText("Waiting for your signature");
  await expect(request).toContainText("Sell 6 Harbour Fund A for 12 USD");
  await expect(request).toContainText(`Buyer: key ${bob.fingerprint}`);
  await expect(request).not.toContainText(bob.finId);
  await expect(request.getByTestId("time-left")).toHaveText(/^(?:10|[0-9]) min \d{1,2} s left to answer$/);
  await request.getByRole("button", { name: /Review and sign/ }).click();
  await expect(request.getByRole("heading", { name: "What you are asked to sign" })).toBeFocused();
  await expect(request.getByText(`6 tokens of Harbour Fund A, from you (key ${alice.fingerprint}), delivered to the buyer (key ${bob.fingerprint}).`)).toBeVisible();
  await expect(request.getByText(new RegExp(`^12 USD paid from the buyer \\(key ${bob.fingerprint}\\) to you \\(key ${alice.fingerprint}\\), the money held until .* UTC\\.$`))).toBeVisible();
  const fields = request.getByRole("table", { name: "Every signed field" });
  await expect(fields.getByRole("row", { name: /Operation/ })).toContainText("transfer existing tokens");
  await expect(fields.getByRole("row")).toHaveCount(1 + 9 + 8);
  await expect(request.getByRole("button", { name: "Sign and send" })).toBeDisabled();
  await request.getByLabel(/Passphrase for key/).fill(PASSPHRASE);
  await request.getByRole("button", { name: /Unlock key/ }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/signing-inbox.png`, fullPage: true });
  await request.getByRole("button", { name: "Sign and send" }).click();
  await expect(request.getByRole("status").filter({ hasText: "Your signature was sent." })).toBeVisible();
  await expect(request).toContainText("Signature sent");

  // Bob's settlement page, open all along, hears the trade complete. Bob holds 6, Alice 4 and is
  // paid 12 USD; the intent is completed.
  await expect(bobPage.getByTestId("plan-status")).toHaveText("Completed", { timeout: 30_000 });
  await expect(bobPage.getByRole("list", { name: "Live updates" })).toContainText("Status changed to Completed");
  expect((await holdingsOf(bobPage.request, bob.profileId))[assetId]).toEqual({ balance: "6", held: "0", available: "6" });
  const aliceHoldings = await holdingsOf(page.request, alice.profileId);
  expect(aliceHoldings[assetId]).toEqual({ balance: "4", held: "0", available: "4" });
  await expect.poll(async () => (await holdingsOf(page.request, alice.profileId)).USD?.balance, { timeout: 20_000 }).toBe("12");
  await nav(page).getByRole("link", { name: "Intents" }).click();
  await chooseProfile(page, alice.fingerprint);
  await expect(page.getByRole("table", { name: "Your intents, newest first" }).getByRole("row", { name: new RegExp(intentId) })).toContainText("Completed");
  await expect(nav(page).getByRole("link", { name: "Signing inbox", exact: true })).toBeVisible();

  // Alice offers her last 4 tokens at 1 USD; Bob takes them.
  await form.getByLabel("Selling intent").check();
  await form.getByLabel("Asset", { exact: true }).selectOption({ label: `Harbour Fund A · ${assetId}` });
  await form.getByLabel("Quantity (tokens)").fill("4");
  await form.getByLabel("Unit price (USD)").fill("1");
  await form.getByRole("button", { name: "Publish intent" }).click();
  const republished = page.getByRole("status").filter({ hasText: /Intent node:105:.* is published/ }).filter({ hasNotText: intentId });
  await expect(republished).toBeVisible();
  const lastIntentId = /node:105:[0-9a-f-]{36}/.exec((await republished.textContent()) ?? "")?.[0] ?? "";
  await openTicket(bobPage, { assetId, intentId: lastIntentId });
  const declinedPlanId = await buyThroughTicket(bobPage, "4", "4 USD");
  await bobPage.getByRole("link", { name: "the settlement page of this trade" }).click();
  await expect(bobPage.getByTestId("plan-status")).toHaveText("Pending");

  // Alice declines it from her inbox with a reason; Bob's settlement page shows it Rejected, and why.
  const REASON = "I priced these by mistake; I will offer them again at 2 USD.";
  await nav(page).getByRole("link", { name: ONE_WAITING }).click({ timeout: 20_000 });
  const waiting = page.getByRole("list", { name: "Signing requests" }).getByRole("listitem").filter({ hasText: "Waiting for your signature" });
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText("Sell 4 Harbour Fund A for 4 USD");
  await waiting.getByRole("button", { name: /^Decline/ }).click();
  const decline = waiting.getByRole("form", { name: "Decline this trade" });
  await decline.getByRole("button", { name: "Decline the trade" }).click();
  await expect(decline.getByText("Reason (the buyer reads it): Enter a reason.")).toBeVisible();
  await decline.getByLabel("Reason (the buyer reads it)").fill(REASON);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/signing-decline.png`, fullPage: true });
  await decline.getByRole("button", { name: "Decline the trade" }).click();
  const declinedItem = page.getByRole("list", { name: "Signing requests" }).getByRole("listitem").filter({ hasText: "Sell 4 Harbour Fund A for 4 USD" });
  await expect(declinedItem.getByRole("status").filter({ hasText: "You declined this trade." })).toBeVisible();
  await expect(declinedItem).toContainText("Declined");
  await expect(declinedItem).toContainText(`Your reason: ${REASON}`);
  await expect(nav(page).getByRole("link", { name: "Signing inbox", exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(bobPage.getByTestId("plan-status")).toHaveText("Rejected", { timeout: 30_000 });
  // On the settlement page itself (the notification centre, closed, holds the same words).
  await expect(bobPage.getByRole("main").getByText(`the seller declined to sign: ${REASON}`).first()).toBeVisible();
  expect(await planStatus(bobPage.request, declinedPlanId)).toBe("rejected");
  expect((await holdingsOf(bobPage.request, bob.profileId)).USD).toEqual({ balance: "4", held: "0", available: "4" });
  await bobContext.close();
});
