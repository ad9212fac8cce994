import { expect, test, type Page } from "@playwright/test";

import { seriousViolations } from "./axe";
import {
  createKeyAndProfile,
  expectNoPrivateKeySent,
  recordIncomingFunds,
  recordRequests,
  requestDepositInstructions,
  SCREENSHOTS,
  signIn,
} from "./journey-helpers";

async function expectCash(page: Page, cells: [string, string, string]) {
  const holdings = page.getByRole("table", { name: /Holdings/ });
  await expect(holdings.getByRole("row", { name: /USD/ }).getByRole("cell")).toHaveText(cells, { timeout: 20_000 });
}

test.describe("withdrawals on the cash page", () => {
  test("an investor withdraws part of a deposit with a browser signature and sees it complete; too much fails with the reason", async ({ page, browser }) => {
    const sent = recordRequests(page);
    await signIn(page, "bob@example.com", "investor-demo-pass");
    const key = await createKeyAndProfile(page);
    const reference = await requestDepositInstructions(page, key.fingerprint, "100");
    await recordIncomingFunds(browser, reference, "100");
    await expectCash(page, ["100", "0", "100"]);

    const withdraw = page.getByRole("region", { name: "Withdraw money" });
    const form = withdraw.getByRole("form", { name: "Withdraw money" });
    await expect(form.getByText("100 USD available")).toBeVisible();
    // The amount is checked with the router's schema before anything is signed or sent.
    await form.getByLabel("How much to withdraw").fill("12,50");
    await form.getByLabel("To bank account (IBAN)").fill("DE89 3704 0044 0532 0130 00");
    await form.getByLabel("Note for the payment organization").fill("to my bank");
    await form.getByRole("button", { name: "Sign and withdraw" }).click();
    await expect(form.getByText(/^How much to withdraw: must be a decimal string/)).toBeVisible();
    await expect(form.getByLabel("How much to withdraw")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("How much to withdraw").fill("40.25");
    const posting = page.waitForRequest((r) => r.url().endsWith("/api/router/finapi/payments/withdraw"));
    await form.getByRole("button", { name: "Sign and withdraw" }).click();
    const request = await posting;
    const body = JSON.parse(request.postData() ?? "{}") as Record<string, unknown>;
    expect(body).toMatchObject({ amount: "40.25", nonce: expect.stringMatching(/^[0-9a-f]{64}$/), signature: expect.stringMatching(/^[0-9a-f]{128}$/) });
    expect(body.withdrawInstruction).toEqual({
      account: { account: { type: "iban", code: "DE89370400440532013000" }, asset: { type: "fiat", code: "USD" } },
      description: "to my bank",
    });
    expect(request.headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    await expect(withdraw.getByRole("status").filter({ hasText: /^Withdrawal of 40\.25 USD completed \(operation [0-9a-f-]{36}\)\. Your holding is reduced by 40\.25 USD\.$/ })).toBeVisible();
    await expectCash(page, ["59.75", "0", "59.75"]);
    await expect(form.getByRole("button", { name: "Sign and withdraw" })).toBeEnabled();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/withdrawal.png`, fullPage: true });

    // More than is available: the payment organization refuses, and the page says why.
    await form.getByLabel("How much to withdraw").fill("1000");
    await form.getByRole("button", { name: "Sign and withdraw" }).click();
    const failure = withdraw.getByRole("alert").filter({ hasText: /^Withdrawal of 1000 USD failed/ });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText("insufficient available funds");
    await expect(failure).toContainText("Nothing was paid out.");
    await expectCash(page, ["59.75", "0", "59.75"]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await seriousViolations(page), "withdrawal, dark").toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });

    expect(sent.filter((r) => r.url.endsWith("/api/router/finapi/payments/withdraw"))).toHaveLength(2);
    expectNoPrivateKeySent(sent, key.privateKey);
  });
});
