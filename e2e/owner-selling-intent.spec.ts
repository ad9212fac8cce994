// Journey (2) of issue 7: an issuer creates an asset and a primary sale in the portal; Alice, who
// bought tokens in it, publishes a selling intent in the portal; Bob takes it (through the API, as
// the trade ticket is another journey's); Alice reviews and signs the request in her signing inbox
// with her browser key; the trade settles and the holdings move.
import { readFile } from "node:fs/promises";

import { expect, test, type Page } from "@playwright/test";

import { parseKeyBackup } from "@/lib/client/keys/key-backup";
import { unsealPrivateKey } from "@/lib/client/keys/sealed-key";

import { seriousViolations } from "./axe";
import { buyerTakesSellingIntent, execute, firstProfile, fund, holdingsOf, operatorSession, planStatus, signIn, type KeyedPerson } from "./owner-trade-api";

const PASSPHRASE = "owner journey passphrase";
const SCREENSHOTS = "docs/screenshots";

/** Creates a browser key and a profile with it on the Profile page; returns the key's fingerprint. */
async function createKeyAndProfile(page: Page): Promise<string> {
  await page.goto("/profile");
  await page.getByLabel("New passphrase (at least 12 characters)").fill(PASSPHRASE);
  await page.getByLabel("Repeat the passphrase").fill(PASSPHRASE);
  await page.getByRole("button", { name: "Create key" }).click();
  const keys = page.getByRole("list", { name: "Keys in this browser" });
  await expect(keys.getByText("Unlocked", { exact: true })).toBeVisible();
  const fingerprint = (await keys.locator(".font-mono.font-semibold").first().textContent()) ?? "";
  await page.getByRole("button", { name: `Create a profile with key ${fingerprint}` }).click();
  await expect(page.getByRole("list", { name: "Your profiles" }).getByRole("listitem")).toHaveCount(1);
  return fingerprint;
}

function nav(page: Page) {
  return page.getByRole("navigation", { name: "Account" });
}

test("an owner publishes a selling intent, a buyer takes it, the owner signs in the signing inbox and the trade settles", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const operator = await operatorSession(browser);

  // The issuer: an asset and a primary sale, in the portal.
  const issuerContext = await browser.newContext();
  const issuerPage = await issuerContext.newPage();
  await signIn(issuerPage, "issuer@example.com", "issuer-demo-pass");
  await createKeyAndProfile(issuerPage);
  await nav(issuerPage).getByRole("link", { name: "Assets" }).click();
  await expect(issuerPage.getByRole("heading", { name: "Assets", level: 1 })).toBeVisible();
  await expect(issuerPage.getByText("You have not created an asset yet.")).toBeVisible();
  const assetForm = issuerPage.getByRole("form", { name: "Create an asset" });
  await assetForm.getByLabel("Name").fill("Harbour Fund A");
  await assetForm.getByLabel("Decimals").fill("19");
  await assetForm.getByRole("button", { name: "Create asset" }).click();
  await expect(assetForm.getByText("Decimals: must be from 0 to 18")).toBeVisible();
  await expect(assetForm.getByLabel("Decimals")).toBeFocused();
  await assetForm.getByLabel("Decimals").fill("0");
  await assetForm.getByRole("button", { name: "Create asset" }).click();
  await expect(issuerPage.getByRole("status").filter({ hasText: /Asset node:102:.* is created/ })).toBeVisible();
  const assets = issuerPage.getByRole("table", { name: "Your assets, oldest first" });
  await expect(assets.getByRole("row", { name: /Harbour Fund A/ })).toContainText("USD");
  const assetId = (await assets.getByRole("row", { name: /Harbour Fund A/ }).locator("td.font-mono").textContent()) ?? "";
  expect(assetId).toMatch(/^node:102:/);
  expect(await seriousViolations(issuerPage)).toEqual([]);
  await issuerPage.screenshot({ path: `${SCREENSHOTS}/assets.png`, fullPage: true });

  await assets.getByRole("link", { name: "Publish an intent for Harbour Fund A" }).click();
  await expect(issuerPage.getByRole("heading", { name: "Intents", level: 1 })).toBeVisible();
  const saleForm = issuerPage.getByRole("form", { name: "Publish an intent" });
  await expect(saleForm.getByLabel("Primary sale")).toBeChecked();
  await expect(saleForm.getByLabel("Signing endpoint")).toHaveCount(0);
  await saleForm.getByLabel("Paid at (payment organization)").selectOption({ label: "Built-in Escrow" });
  await saleForm.getByLabel("Quantity (tokens)").fill("100");
  await saleForm.getByLabel("Unit price (USD)").fill("10");
  await saleForm.getByRole("button", { name: "Publish intent" }).click();
  await expect(issuerPage.getByRole("status").filter({ hasText: /Intent node:105:.* is published/ })).toBeVisible();
  const saleText = (await issuerPage.getByRole("status").filter({ hasText: /is published/ }).textContent()) ?? "";
  const saleId = /node:105:[0-9a-f-]{36}/.exec(saleText)?.[0] ?? "";
  await expect(issuerPage.getByRole("table", { name: "Your intents, newest first" }).getByRole("row", { name: /Primary sale/ })).toContainText("Active");
  const issuer = await firstProfile(issuerContext.request);

  // Alice: a browser key and profile; she buys 10 tokens in the primary sale (the trade ticket is
  // another journey's, so her exported key signs that purchase here).
  await signIn(page, "alice@example.com", "investor-demo-pass");
  await createKeyAndProfile(page);
  const keys = page.getByRole("list", { name: "Keys in this browser" });
  const downloading = page.waitForEvent("download");
  await keys.getByRole("button", { name: /Export backup/ }).click();
  const aliceKey = await unsealPrivateKey(parseKeyBackup(await readFile(await (await downloading).path(), "utf8")), PASSPHRASE);
  const alice: KeyedPerson = { ...(await firstProfile(page.request)), privateKey: aliceKey, request: page.request };
  await fund(alice, operator, "100");
  const bought = await execute({ kind: "primarySale", intentId: saleId, assetId, buyer: alice, seller: issuer, quantity: "10", settlementAmount: "100" });
  await expect.poll(() => planStatus(page.request, bought), { timeout: 30_000 }).toBe("completed");

  // Alice publishes a selling intent: more than she holds is named beside the quantity, then 6.
  await nav(page).getByRole("link", { name: "Intents" }).click();
  await expect(page.getByRole("heading", { name: "Intents", level: 1 })).toBeVisible();
  await expect(page.getByText("You have not published an intent yet.")).toBeVisible();
  const form = page.getByRole("form", { name: "Publish an intent" });
  await expect(form.getByLabel("Primary sale")).toHaveCount(0);
  await form.getByLabel("Selling intent").check();
  await form.getByLabel("Asset", { exact: true }).selectOption({ label: `Harbour Fund A · ${assetId}` });
  await expect(form.getByText("You hold 10 of it available to sell.")).toBeVisible();
  await expect(form.getByLabel("Hold my money until")).toHaveCount(0);
  await expect(form.getByLabel("Signing endpoint")).toHaveValue(new RegExp(`/api/signing/callback/${alice.profileId}$`));
  await form.getByLabel("Paid at (payment organization)").selectOption({ label: "Built-in Escrow" });
  await form.getByLabel("Quantity (tokens)").fill("11");
  await form.getByLabel("Unit price (USD)").fill("2");
  await form.getByRole("button", { name: "Publish intent" }).click();
  await expect(form.getByText("Quantity (tokens): is more than the seller's 10 available tokens of the asset")).toBeVisible();
  await expect(form.getByLabel("Quantity (tokens)")).toBeFocused();
  await form.getByLabel("Quantity (tokens)").fill("6");
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

  // Bob takes 6 at 2 USD.
  const { planId, buyer } = await buyerTakesSellingIntent(browser, operator, { intentId, assetId, seller: alice, quantity: "6", settlementAmount: "12" });
  expect(await planStatus(buyer.request, planId)).toBe("pending");

  // Alice's signing inbox: she reviews every field, unlocks her key (the page load locked it), signs.
  await expect(nav(page).getByRole("link", { name: "Signing inbox" })).toHaveAttribute("href", "/signing");
  await page.goto("/signing");
  await expect(page.getByRole("heading", { name: "Signing inbox", level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "1 request is waiting for your signature." })).toBeVisible({ timeout: 20_000 });
  const request = page.getByRole("list", { name: "Signing requests" }).getByRole("listitem").first();
  await expect(request).toContainText(intentId);
  await expect(request).toContainText("Waiting for your signature");
  await request.getByRole("button", { name: /Review and sign/ }).click();
  await expect(request.getByRole("heading", { name: "What you are asked to sign" })).toBeFocused();
  await expect(request.getByText(`6 tokens of asset ${assetId}, from you (${alice.finId}), delivered to ${buyer.finId}.`)).toBeVisible();
  await expect(request.getByText(new RegExp(`^12 USD paid from ${buyer.finId} to you \\(${alice.finId}\\), the money held until .* UTC\\.$`))).toBeVisible();
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

  // The trade settles: Bob holds 6, Alice 4 and is paid 12 USD; the intent is completed.
  await expect.poll(() => planStatus(buyer.request, planId), { timeout: 30_000 }).toBe("completed");
  expect((await holdingsOf(buyer.request, buyer.profileId))[assetId]).toEqual({ balance: "6", held: "0", available: "6" });
  const aliceHoldings = await holdingsOf(page.request, alice.profileId);
  expect(aliceHoldings[assetId]).toEqual({ balance: "4", held: "0", available: "4" });
  await expect.poll(async () => (await holdingsOf(page.request, alice.profileId)).USD?.balance, { timeout: 20_000 }).toBe("12");
  await nav(page).getByRole("link", { name: "Intents" }).click();
  await expect(page.getByRole("table", { name: "Your intents, newest first" }).getByRole("row", { name: new RegExp(intentId) })).toContainText("Completed");
  await issuerContext.close();
});
