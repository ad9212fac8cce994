// The escrow operator page's four-eyes step: a credit of 1,000,000 USD recorded against a 5 USD
// deposit reference is not credited; the operator who recorded it cannot approve it; a second
// operator, in a browser of its own, sees it waiting, checks the amounts and approves it; only then
// does the customer's account show the money, and the credit is listed as one that differed.
import { expect, test, type Page } from "./test";

import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import { generatePrivateKey, getFinId } from "@/lib/domain/secp256k1";

import { seriousViolations } from "./axe";
import { nav, SCREENSHOTS, signIn } from "./journey-helpers";
import { TEST_DEMO_PASSWORD as DEMO_PASSWORD } from "../tests/demo-password";

const SECOND_OPERATOR = { email: `second-operator-${Date.now()}@example.com`, name: "Olga Operator", password: "second-operator-pass" };

/** What the operator page's pages are not about: an admin makes a router program user and a second operator; the router asks for a 5 USD deposit instruction. */
async function depositReference(page: Page, finId: string): Promise<string> {
  await signIn(page, "admin@example.com", DEMO_PASSWORD);
  const user = async (data: Record<string, string>) => {
    const response = await page.request.post("/api/router/admin/users", { data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { token: string };
  };
  const router = await user({ email: `router-${Date.now()}@example.com`, name: "Node router", role: "organization", organizationId: "node" });
  await user({ ...SECOND_OPERATOR, role: "escrowOperator" });
  const party = { finId, account: { type: "finId", finId, orgId: "escrow" } };
  const instruction = await page.request.post("/api/adapter/payments/depositInstruction", {
    headers: { authorization: `Bearer ${router.token}` },
    data: { asset: { type: "fiat", code: "USD" }, destination: party, owner: party, amount: "5", details: "four-eyes journey" },
  });
  expect(instruction.status(), await instruction.text()).toBe(200);
  const description = String(((await instruction.json()) as { response?: { description?: string } }).response?.description);
  return /Reference number: (ESC-[0-9A-Z]+)/.exec(description)?.[1] ?? "";
}

async function openOperatorPage(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  await nav(page).getByRole("link", { name: "Escrow operations" }).click();
  await expect(page.getByRole("heading", { name: "Escrow operations", level: 1 })).toBeVisible();
}

const accountCells = (page: Page, finId: string) =>
  page.getByRole("table", { name: /Customer accounts/ }).getByRole("row", { name: new RegExp(finIdFingerprint(finId)) }).getByRole("cell");

test("a credit far from its deposit instruction waits for a second operator, who approves it", async ({ page, browser }) => {
  const finId = getFinId(generatePrivateKey());
  const reference = await depositReference(page, finId);
  expect(reference).toMatch(/^ESC-/);
  await page.context().clearCookies();

  // The first operator records 1,000,000 USD: nothing is credited, the entry waits.
  await openOperatorPage(page, "operator@example.com", DEMO_PASSWORD);
  const form = page.getByRole("form", { name: "Record incoming funds" });
  await form.getByLabel("Reference").fill(reference);
  await form.getByLabel("Amount").fill("1000000");
  await form.getByRole("button", { name: "Record incoming funds" }).click();
  await expect(form.getByRole("status")).toContainText(`Not credited yet: 1000000 USD for reference ${reference} differs from the 5 USD its deposit instruction expected`);
  const waiting = page.getByRole("table", { name: "Credits waiting for a second operator, with what their deposit instruction expected" });
  const row = waiting.getByRole("row", { name: new RegExp(reference) });
  await expect(row.getByRole("cell")).toHaveText(["1000000 USD", "5 USD", "+999995", finIdFingerprint(finId), /^You, /, /You recorded it: another operator approves it\./]);
  await expect(row.getByRole("button", { name: `Approve ${reference}` })).toHaveCount(0);
  await expect(accountCells(page, finId)).toHaveText(["USD", "0", "0", "0"]);
  expect(await seriousViolations(page)).toEqual([]);

  // A second operator, in a browser of its own, approves it after the confirmation names the money.
  const context = await browser.newContext();
  const second = await context.newPage();
  await openOperatorPage(second, SECOND_OPERATOR.email, SECOND_OPERATOR.password);
  const theirRow = second.getByRole("table", { name: /Credits waiting for a second operator/ }).getByRole("row", { name: new RegExp(reference) });
  await expect(theirRow.getByRole("cell").nth(4)).toHaveText(/^Oscar Operator, /);
  await theirRow.getByRole("button", { name: `Approve ${reference}` }).click();
  const confirm = second.getByRole("form", { name: `Approve the credit for reference ${reference}` });
  await expect(confirm).toContainText("Credit 1000000 USD to customer");
  await expect(confirm).toContainText("Their deposit instruction expected 5 USD.");
  await expect(confirm.getByRole("button", { name: "Confirm approval" })).toBeFocused();
  await second.screenshot({ path: `${SCREENSHOTS}/operator-four-eyes.png`, fullPage: true });
  expect(await seriousViolations(second)).toEqual([]);
  await confirm.getByRole("button", { name: "Confirm approval" }).click();
  await expect(second.getByRole("status").filter({ hasText: `Approved: 1000000 USD for reference ${reference} is credited to customer` })).toBeVisible();
  await expect(theirRow).toHaveCount(0);
  const flagged = second.getByRole("table", { name: /Credits that differed from their deposit instruction/ }).getByRole("row", { name: new RegExp(reference) });
  await expect(flagged.getByRole("cell").last()).toHaveText("Credited by Olga Operator");
  await expect(accountCells(second, finId)).toHaveText(["USD", "1000000", "0", "1000000"]);
  await context.close();

  // The first operator's page follows: the entry no longer waits.
  await expect(row).toHaveCount(0, { timeout: 15_000 });
});
