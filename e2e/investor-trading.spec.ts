import { readFile } from "node:fs/promises";

import { expect, test } from "@playwright/test";

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
  recordIncomingFunds,
  recordRequests,
  requestDepositInstructions,
  SCREENSHOTS,
  signIn,
} from "./journey-helpers";
import { publishPrimarySale } from "./router-api";
import { TEST_DEMO_PASSWORD as DEMO_PASSWORD } from "../tests/demo-password";

test.describe("an investor buys in a primary sale and follows the settlement live", () => {
  test("journey 1: deposit, the operator records it, buy, watch Completed live, paired receipts, holdings; no private key is ever sent", async ({ page, browser }) => {
    const sent = recordRequests(page);
    const sale = await publishPrimarySale(browser, { name: `Green Bond ${Date.now()}`, amount: "1000", unitValue: "2.5" });
    await signIn(page, "alice@example.com", DEMO_PASSWORD);
    const key = await createKeyAndProfile(page);
    const privateKey = await exportPrivateKey(page, key.fingerprint);

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
    const holdings = page.getByRole("table", { name: /Holdings/ });
    await expect(holdings.getByRole("row", { name: /^USD/ }).filter({ hasText: key.fingerprint }).getByRole("cell")).toHaveText([key.fingerprint, "80", "0", "80"]);
    await expect(holdings.getByRole("row", { name: /Green Bond/ }).getByRole("cell")).toHaveText([key.fingerprint, "8", "0", "8"]);
    await expect(page.getByRole("table", { name: "Your trades, newest first" }).getByRole("row", { name: /Green Bond/ })).toContainText("Completed");
    await expect(page.getByRole("list", { name: "Certificate status per profile" })).toContainText(`${key.fingerprint}: KYC/AML None, accreditation None`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/dashboard.png`, fullPage: true });

    expect(sent.some((r) => r.url.endsWith("/api/router/finapi/tokens/execute") && r.body.includes('"signature"'))).toBe(true);
    expectNoPrivateKeySent(sent, privateKey);
  });

  test("journey 3: a trade the money does not cover fails at the hold, says why, and leaves the money where it was", async ({ page, browser }) => {
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

    await expect(page.getByTestId("plan-status")).toHaveText("Failed", { timeout: 20_000 });
    await expect(page.getByText("Why it ended:")).toBeVisible();
    await expect(page.getByText(/step 1 \(hold\) failed, nothing is held: Code 11: insufficient available funds/).first()).toBeVisible();
    const steps = page.getByRole("list", { name: "Settlement steps" }).getByRole("listitem");
    await expect(steps.nth(1)).toContainText("Step 1: hold the money");
    await expect(steps.nth(1)).toContainText("Failed");
    await expect(steps.nth(2)).toContainText("Not done");
    await expect(page.getByRole("list", { name: "Live updates" })).toContainText("Status changed to Failed: step 1 (hold) failed");
    await expect(page.getByText("No receipts yet")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/settlement-failed.png`, fullPage: true });

    // The money is back where it was (nothing was held), and the quantity went back to the offer.
    await nav(page).getByRole("link", { name: "Dashboard" }).click();
    const usd = page.getByRole("table", { name: /Holdings/ }).getByRole("row", { name: /^USD/ }).filter({ hasText: key.fingerprint });
    await expect(usd.getByRole("cell")).toHaveText([key.fingerprint, "10", "0", "10"]);
    await expect(page.getByRole("table", { name: "Your trades, newest first" }).getByRole("row", { name: /Short Note/ })).toContainText("Failed");
    await openTicket(page, sale);
    await expect(page.getByText("100 tokens", { exact: true })).toBeVisible();
    expectNoPrivateKeySent(sent, privateKey);
  });
});
