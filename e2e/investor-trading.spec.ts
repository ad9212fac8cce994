import { readFile } from "node:fs/promises";

import { expect, test } from "./test";

import { seriousViolations } from "./axe";
import {
  acceptedPlanId,
  createKeyAndProfile,
  depositFirstFunds,
  expectCash,
  expectNoPrivateKeySent,
  exportPrivateKey,
  nav,
  openTicket,
  PASSPHRASE,
  recordIncomingFunds,
  recordRequests,
  requestDepositInstructions,
  SCREENSHOTS,
  signIn,
} from "./journey-helpers";
import { publishPrimarySale, setIntentActive } from "./router-api";
import { TEST_DEMO_PASSWORD as DEMO_PASSWORD } from "../tests/demo-password";

test.describe("an investor buys in a primary sale and follows the settlement live", () => {
  test("journey 1: deposit, the operator records it, buy, watch Completed live, paired receipts, holdings; no private key is ever sent", async ({ page, browser }) => {
    test.setTimeout(180_000);
    const sent = recordRequests(page);
    const sale = await publishPrimarySale(browser, { name: `Green Bond ${Date.now()}`, amount: "1000", unitValue: "2.5" });
    await signIn(page, "alice@example.com", DEMO_PASSWORD);
    const key = await createKeyAndProfile(page);
    const privateKey = await exportPrivateKey(page, key.fingerprint);

    // A certificate: the form says what was added and empties itself, so the same certificate is not
    // sent twice; a new attempt replaces the messages of the last one.
    const profileItem = page.getByRole("list", { name: "Your profiles" }).getByRole("listitem").filter({ hasText: key.profileId });
    await profileItem.getByText("Add a certificate").click();
    const certificateForm = profileItem.getByRole("form", { name: "Add a certificate" });
    await certificateForm.getByLabel("Certificate type").selectOption({ label: "Owner information" });
    await certificateForm.getByLabel("Issued on").fill("2026-01-01");
    await certificateForm.getByLabel("Expires on").fill("2036-01-01");
    await certificateForm.getByLabel("Full name").fill("Alice Example");
    await certificateForm.getByLabel("Email").fill("alice@example.com");
    await certificateForm.getByRole("button", { name: "Add certificate" }).click();
    await expect(certificateForm.getByRole("status")).toHaveText(
      "Certificate added. Owner information for Alice Example, valid from 2026-01-01 to 2036-01-01. The form is empty again for another one.",
    );
    await expect(profileItem.getByRole("list", { name: "Certificates" }).getByText("ownerInfo", { exact: true })).toBeVisible();
    await expect(certificateForm.getByLabel("Certificate type")).toHaveValue("KYC/AML");
    await expect(certificateForm.getByLabel("Full name")).toHaveValue("");
    await expect(certificateForm.getByLabel("Issued on")).toHaveValue("");
    await certificateForm.getByRole("button", { name: "Add certificate" }).click();
    await expect(certificateForm.getByText("Issued on must be a date")).toBeVisible();
    await expect(certificateForm.getByRole("status")).toHaveCount(0);

    const reference = await requestDepositInstructions(page, key.fingerprint, "100");
    expect(reference).toMatch(/^ESC-/);
    await recordIncomingFunds(browser, reference, "100", async (operator) => {
      const accounts = operator.getByRole("table", { name: /Customer accounts/ });
      await expect(accounts.getByRole("row", { name: new RegExp(key.fingerprint) }).getByRole("cell")).toHaveText(["USD", "100", "0", "100"]);
      expect(await seriousViolations(operator)).toEqual([]);
      await operator.screenshot({ path: `${SCREENSHOTS}/operator.png`, fullPage: true });
    });
    await expectCash(page, ["100", "0", "100"]);

    await openTicket(page, sale);
    await expect(page.getByText("Primary sale by the issuer")).toBeVisible();
    const quantity = page.getByLabel("Quantity (tokens)");

    // A reload locks the key; the ticket unlocks it in place. Enter or the button unlocks: nothing
    // is submitted, the page stays where it is, the quantity stays, the passphrase stays here.
    const ticketUrl = page.url();
    await page.reload();
    await expect(page.getByText("Primary sale by the issuer")).toBeVisible();
    await quantity.fill("8");
    const passphrase = page.getByLabel(`Passphrase for key ${key.fingerprint}`);
    await passphrase.fill("not the passphrase at all");
    await passphrase.press("Enter");
    await expect(page.getByRole("alert").filter({ hasText: "That passphrase does not unlock this key." })).toBeVisible();
    expect(page.url()).toBe(ticketUrl);
    await passphrase.fill(PASSPHRASE);
    await page.getByRole("button", { name: `Unlock key ${key.fingerprint}` }).click();
    await expect(passphrase).toHaveCount(0);
    await expect(page.getByRole("alert").filter({ hasText: "That passphrase does not unlock this key." })).toHaveCount(0);
    expect(page.url()).toBe(ticketUrl);
    await expect(quantity).toHaveValue("8");
    await expect(page.getByRole("button", { name: "Review the trade" })).toBeEnabled();

    await quantity.fill("8.5");
    await expect(page.getByRole("list", { name: "Eligibility pre-check" })).toContainText("Not possible: The quantity must be a whole number of tokens");
    await expect(page.getByRole("button", { name: "Review the trade" })).toBeDisabled();
    await quantity.fill("8");
    await expect(page.getByRole("status", { name: "Total" })).toHaveText("20 USD");
    await expect(page.getByText("100 USD", { exact: true })).toBeVisible();
    const checks = page.getByRole("list", { name: "Eligibility pre-check" });
    await expect(checks).toContainText("OK: 8 of the 1000 remaining tokens.");
    await expect(checks).toContainText("OK: The offer is active.");
    await expect(checks).toContainText("OK: You have 100 USD available for the total of 20 USD.");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Review the trade" }).click();

    // The review names every signed field; focus moves to the step's heading.
    const review = page.getByRole("heading", { name: "Review and sign" });
    await expect(review).toBeFocused();
    await expect(page.getByText("You buy 8 tokens of")).toBeVisible();
    await expect(page.getByText(/paid from your profile .* through Built-in Escrow\.$/)).toBeVisible();
    await expect(page.getByText("New tokens are issued to the buyer (a primary sale).")).toBeVisible();
    await expect(page.getByText("20 USD is paid: the quantity times the unit price.")).toBeVisible();
    await expect(page.getByText(`The money is paid by you (your key ${key.fingerprint}).`)).toBeVisible();
    await expect(page.getByText(/may hold your money until/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/trade-review.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await seriousViolations(page), "review, dark").toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });

    const executing = page.waitForRequest((r) => r.url().endsWith("/api/router/finapi/tokens/execute"));
    await page.getByRole("button", { name: "Sign and submit" }).click();
    const executeBody = JSON.parse((await executing).postData() ?? "{}") as { intent?: { signature?: string; type?: string } };
    expect(executeBody.intent?.type).toBe("primarySaleExecution");
    expect(executeBody.intent?.signature).toMatch(/^[0-9a-f]{128}$/);

    // The settlement, live: the subscriptions opened with the ticket bring every change.
    const planId = await acceptedPlanId(page);
    await expect(page.getByTestId("plan-status")).toHaveText("Completed", { timeout: 20_000 });
    await expect(page.getByRole("heading", { name: "Your trade is complete" })).toBeVisible();
    await expect(page.getByText("The 8 tokens are yours, and the issuer has been paid 20 USD.")).toBeVisible();
    const live = page.getByRole("list", { name: "Live updates" });
    await expect(live).toContainText("Plan created (Pending)");
    await expect(live).toContainText("Status changed to Approved");
    await expect(live).toContainText("Received the token receipt, 8 tokens");
    await expect(live).toContainText("Received the payment receipt, 20 USD");
    await expect(live).toContainText("Status changed to Completed");
    const steps = page.getByRole("list", { name: "Settlement steps" });
    await expect(steps.getByRole("listitem")).toHaveCount(4);
    for (const item of await steps.getByRole("listitem").all()) await expect(item).toContainText("Done");
    expect(planId).toMatch(/^node:106:/);
    await expect(page.getByRole("table", { name: `Receipts of plan ${planId}` }).getByRole("row")).toHaveCount(2);

    // The settlement page of the plan, opened on its own.
    await page.getByRole("link", { name: "the settlement page of this trade" }).click();
    await expect(page.getByRole("heading", { name: "Settlement timeline", level: 1 })).toBeVisible();
    await expect(page.getByTestId("plan-status")).toHaveText("Completed");
    await expect(page.getByRole("region", { name: "Settlement" })).toHaveAttribute("aria-labelledby", "timeline-heading");
    await expect(page.locator("[aria-live=polite]").getByRole("list", { name: "Settlement steps" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/settlement.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await seriousViolations(page), "settlement, dark").toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });

    // Receipts: the token and the payment receipt on one row, and the CSV file.
    await nav(page).getByRole("link", { name: "Receipts" }).click();
    await expect(page.getByRole("heading", { name: "Receipts", level: 1 })).toBeVisible();
    const pair = page.getByRole("row", { name: new RegExp(planId) });
    await expect(pair.getByRole("cell").nth(1)).toContainText("8");
    await expect(pair.getByRole("cell").nth(2)).toContainText("20 USD");
    await expect(pair.getByRole("cell").nth(2)).toContainText(`from key ${key.fingerprint}`);
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const csv = await readFile(await (await downloading).path(), "utf8");
    const [header, row] = csv.split("\r\n");
    expect(header).toMatch(/^settlementRef,time \(UTC\),token receipt,/);
    expect(row).toContain(`${planId},`);
    expect(row).toContain(`,${sale.assetId},`);
    expect(row).toMatch(/,8,.*,USD,20,/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/receipts.png`, fullPage: true });

    // The dashboard: the new tokens, the money left, the trade.
    await nav(page).getByRole("link", { name: "Dashboard" }).click();
    // The portfolio: cash and tokens at their last traded price (2.5 USD a token, from this purchase).
    const holdings = page.getByRole("table", { name: /Your holdings/ });
    await expect(holdings.getByRole("row", { name: /Green Bond/ }).getByRole("cell")).toHaveText(["8", "$2.50", "$20.00", /%|No change known/]);
    await expect(page.locator("dt", { hasText: /^Available cash$/ }).locator("xpath=following-sibling::dd[1]")).toHaveText("$80.00");
    await expect(page.locator("dt", { hasText: /^Total value$/ }).locator("xpath=following-sibling::dd[1]")).toHaveText("$100.00");
    await expect(page.getByRole("table", { name: "Your trades, newest first" }).getByRole("row", { name: /Green Bond/ })).toContainText("Completed");
    await expect(page.getByRole("list", { name: "Certificate status per profile" })).toContainText(`${key.fingerprint}: KYC/AML None, accreditation None`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/dashboard.png`, fullPage: true });

    expect(sent.some((r) => r.url.endsWith("/api/router/finapi/tokens/execute") && r.body.includes('"signature"'))).toBe(true);
    expectNoPrivateKeySent(sent, privateKey);
  });

  test("journey 3: a trade the money does not cover fails at the hold, says why, and leaves the money where it was", async ({ page, browser }) => {
    test.setTimeout(180_000);
    const sent = recordRequests(page);
    const sale = await publishPrimarySale(browser, { name: `Short Note ${Date.now()}`, amount: "100", unitValue: "2.5" });
    await signIn(page, "bob@example.com", DEMO_PASSWORD);
    const key = await createKeyAndProfile(page);
    const privateKey = await exportPrivateKey(page, key.fingerprint);
    await depositFirstFunds(page, browser, key.fingerprint, "10");

    await openTicket(page, sale);
    await page.getByLabel("Quantity (tokens)").fill("5");
    await expect(page.getByRole("status", { name: "Total" })).toHaveText("12.5 USD");
    await expect(page.getByRole("list", { name: "Eligibility pre-check" })).toContainText(
      "Warning: You have 10 USD available, less than the total of 12.5 USD.",
    );
    await page.getByRole("button", { name: "Review the trade" }).click();
    await page.getByRole("button", { name: "Sign and submit" }).click();

    // What happened, what it means for the money and what to do, in words; the router's own reason
    // (codes and all) only in the details for support. No heading says the trade was accepted.
    await expect(page.getByTestId("plan-status")).toHaveText("Failed", { timeout: 20_000 });
    await expect(page.getByRole("heading", { name: "Your trade did not go through" })).toBeFocused();
    await expect(page.getByText(/accepted/i)).toHaveCount(0);
    const outcome = page.getByTestId("plan-outcome");
    await expect(outcome).toContainText("The payment organization could not hold 12.5 USD: the money available in your account there was less than that.");
    await expect(outcome).toContainText("Nothing was bought and no money left your account.");
    await expect(outcome).toContainText("Add money on the Cash page, then try again.");
    await expect(outcome).not.toContainText("Code 11");
    const support = page.getByRole("group").filter({ has: page.getByText("Details for support") }).first();
    await support.getByText("Details for support").click();
    await expect(support).toContainText("step 1 (hold) failed, nothing is held: Code 11: insufficient available funds");
    const steps = page.getByRole("list", { name: "Settlement steps" }).getByRole("listitem");
    await expect(steps.nth(1)).toContainText("Step 1: hold the money");
    await expect(steps.nth(1)).toContainText("Failed");
    await expect(steps.nth(1)).not.toContainText("Code 11");
    await expect(steps.nth(2)).toContainText("Not done");
    await expect(page.getByRole("list", { name: "Live updates" })).toContainText("Status changed to Failed");
    await expect(page.getByRole("list", { name: "Live updates" })).not.toContainText("Code 11");
    await expect(page.getByText("No receipts yet")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/settlement-failed.png`, fullPage: true });

    // The money is back where it was (nothing was held), and the quantity went back to the offer.
    await nav(page).getByRole("link", { name: "Dashboard" }).click();
    await expect(page.locator("dt", { hasText: /^Available cash$/ }).locator("xpath=following-sibling::dd[1]")).toHaveText("$10.00");
    await expect(page.locator("dt", { hasText: /^Held for trades$/ }).locator("xpath=following-sibling::dd[1]")).toHaveText("$0.00");
    await expect(page.getByRole("table", { name: "Your trades, newest first" }).getByRole("row", { name: /Short Note/ })).toContainText("Failed");
    await openTicket(page, sale);
    await expect(page.getByText("100 tokens", { exact: true })).toBeVisible();

    // The issuer pauses the sale while the buyer reviews: the refusal says so once, in words, with
    // what it means for the money; the problem document's code and detail are in the details.
    await page.getByLabel("Quantity (tokens)").fill("2");
    await page.getByRole("button", { name: "Review the trade" }).click();
    await setIntentActive(browser, sale, false);
    await page.getByRole("button", { name: "Sign and submit" }).click();
    const refusal = page.getByRole("region", { name: "Review and sign" }).getByRole("alert");
    await expect(refusal.locator("p").first()).toHaveText(
      "The trade was not made: this offer is paused by its owner, so it cannot be taken now. Nothing was bought and no money was taken.",
    );
    await expect(refusal.getByText("STATE_CONFLICT")).toBeHidden();
    await refusal.getByText("Details for support").click();
    await expect(refusal).toContainText("STATE_CONFLICT");
    await expect(refusal).toContainText(`Intent ${sale.intentId} is disabled (NON_ACTIVE); it cannot be executed.`);
    await expect(page.getByRole("button", { name: "Sign and submit" })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    expectNoPrivateKeySent(sent, privateKey);
  });
});
