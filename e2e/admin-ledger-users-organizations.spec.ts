// Journey (4) of issue 7 and the admin's other pages: an admin downloads the ledger template, sees
// rows in a currency the payment organization does not keep or with more decimals than it has
// refused in the browser, imports a ledger file with one bad row, sees it named by row and field,
// fixes it, imports and sees the summary, and checks the reconciliation; creates a user and registers
// and edits a payment organization with its currencies; issues the user another token, revokes the
// first and disables the user, each taking effect on the next request.
import { readFile } from "node:fs/promises";

import { expect, test } from "./test";

import { generatePrivateKey, getFinId } from "@/lib/domain/secp256k1";

import { seriousViolations } from "./axe";
import { nav, SCREENSHOTS, signIn } from "./journey-helpers";
import { TEST_DEMO_PASSWORD as DEMO_PASSWORD } from "../tests/demo-password";

const COLUMNS = "id,assetType,assetCode,quantity,timestamp,settlementRef,transactionId,sourceFinId,sourceOrgId,sourceIban,destinationFinId,destinationOrgId,destinationIban";

/** The payment organization the journey's ledger files are about: it keeps USD with 2 decimals. */
const BANK = "ledgerbank";

test("an admin imports a ledger file with one bad row, sees it named, fixes it and imports", async ({ page }) => {
  const alice = getFinId(generatePrivateKey());
  const bob = getFinId(generatePrivateKey());
  const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  const timestamp = Math.floor(Date.now() / 1000);
  const lines = (third: string) =>
    [
      COLUMNS,
      `${ids[0]},fiat,USD,100,${timestamp},,bank-0001,,,,${alice},${BANK},`,
      `${ids[1]},fiat,USD,40.50,${timestamp},=HYPERLINK("http://evil.example"),bank-0002,,,,${bob},${BANK},`,
      `${ids[2]},fiat,USD,${third},${timestamp},,bank-0003,${alice},${BANK},,${alice},,DE89370400440532013000`,
    ].join("\n");

  await signIn(page, "admin@example.com", DEMO_PASSWORD);
  const registered = await page.request.post("/api/router/admin/organizations", {
    data: { id: BANK, name: "Ledger Bank", kind: "escrow", adapterUrl: "https://adapter.ledgerbank.example/api", currencies: [{ code: "USD", minorUnits: 2 }] },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await nav(page).getByRole("link", { name: "Ledger import" }).click();
  await expect(page.getByRole("heading", { name: "Ledger import", level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The help says what ids and timestamps look like, and the template comes from this app.
  await page.getByText("What the file holds").click();
  await expect(page.getByText(/a UUID you make once per transaction/)).toBeVisible();
  await expect(page.getByText(/in whole seconds since 1 January 1970 UTC \(Unix time\)/)).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the CSV template" }).click();
  const template = await downloading;
  expect(template.url()).toBe(new URL("/admin/ledger/template.csv", page.url()).toString());
  expect(template.suggestedFilename()).toBe("ledger-import-template.csv");
  const templateText = await readFile(await template.path(), "utf8");
  expect(templateText.split("\r\n")[0]).toBe(COLUMNS);
  expect(templateText.split("\r\n").filter((line) => line !== "")).toHaveLength(3);

  // A row in a currency the payment organization does not keep, and one with more decimals than USD
  // has, are refused in the browser: named by row, field and column; nothing can be imported.
  const currencies = [
    COLUMNS,
    `${crypto.randomUUID()},fiat,XXX,5,${timestamp},,bank-0010,,,,${alice},${BANK},`,
    `${crypto.randomUUID()},fiat,USD,10.123,${timestamp},,bank-0011,,,,${alice},${BANK},`,
    `${crypto.randomUUID()},fiat,USD,10.12,${timestamp},,bank-0012,,,,${alice},${BANK},`,
  ].join("\n");
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/ledger/transaction/import")) sent.push(request.url());
  });
  await page.getByLabel("Ledger file (.csv or .json)").setInputFiles({ name: "currencies.csv", mimeType: "text/csv", buffer: Buffer.from(currencies) });
  await expect(page.getByRole("heading", { name: "Preview of currencies.csv" })).toBeFocused();
  const refusals = page.getByRole("main").getByRole("alert");
  await expect(refusals).toContainText("2 problems in 2 rows; nothing is imported.");
  await expect(refusals.getByRole("listitem")).toHaveText([
    `Row 1, asset.code (column assetCode): ${BANK} keeps no XXX accounts (it keeps USD)`,
    "Row 2, quantity (column quantity): 10.123 USD has more fraction digits than USD's 2",
  ]);
  const refusedPreview = page.getByRole("table", { name: "Rows of the file, as they will be imported" });
  await expect(refusedPreview.getByRole("row", { name: /^1 / })).toContainText("Problem");
  await expect(refusedPreview.getByRole("row", { name: /^2 / })).toContainText("Problem");
  await expect(refusedPreview.getByRole("row", { name: /^3 / })).toContainText("OK");
  await expect(page.getByRole("button", { name: "Import 3 transactions" })).toBeDisabled();
  expect(sent).toEqual([]);

  // The third row pays out a negative amount: named by row, field and column; nothing can be imported.
  await page.getByLabel("Ledger file (.csv or .json)").setInputFiles({ name: "bank-statement.csv", mimeType: "text/csv", buffer: Buffer.from(lines("-25")) });
  await expect(page.getByRole("heading", { name: "Preview of bank-statement.csv" })).toBeFocused();
  const main = page.getByRole("main");
  const alert = main.getByRole("alert");
  await expect(alert).toContainText("1 problem in 1 row; nothing is imported.");
  await expect(alert.getByRole("listitem")).toHaveText([/^Row 3, quantity \(column quantity\): /]);
  const preview = page.getByRole("table", { name: "Rows of the file, as they will be imported" });
  await expect(preview.getByRole("row")).toHaveCount(4);
  await expect(preview.getByRole("row", { name: /^3 / })).toContainText("Problem");
  // A cell that starts like a formula is shown as the text it is, never run or turned into a link.
  await expect(preview.getByRole("row", { name: /^2 / })).toContainText('=HYPERLINK("http://evil.example")');
  await expect(preview.getByRole("row", { name: /^2 / })).toContainText("starts like a formula: kept and shown as text");
  await expect(preview.getByRole("link")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Import 3 transactions" })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/ledger-import-preview.png`, fullPage: true });

  // Fixed, as JSON dropped on the page: all rows valid, imported, and the summary.
  const fixed = JSON.stringify({
    transactions: [
      { id: ids[0], asset: { type: "fiat", code: "USD" }, quantity: "100", timestamp, settlementRef: "", destination: { finId: alice, account: { type: "finId", finId: alice, orgId: BANK } }, transactionDetails: { transactionId: "bank-0001" } },
      { id: ids[1], asset: { type: "fiat", code: "USD" }, quantity: "40.50", timestamp, settlementRef: "", destination: { finId: bob, account: { type: "finId", finId: bob, orgId: BANK } }, transactionDetails: { transactionId: "bank-0002" } },
      { id: ids[2], asset: { type: "fiat", code: "USD" }, quantity: "25", timestamp, settlementRef: "", source: { finId: alice, account: { type: "finId", finId: alice, orgId: BANK } }, destination: { finId: alice, account: { type: "iban", code: "DE89370400440532013000" } }, transactionDetails: { transactionId: "bank-0003" } },
    ],
  });
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], "bank-statement-fixed.json", { type: "application/json" }));
    return transfer;
  }, fixed);
  await page.getByText("Drop a .csv or .json file here, or").dispatchEvent("drop", { dataTransfer });
  await expect(page.getByRole("heading", { name: "Preview of bank-statement-fixed.json" })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "All 3 rows are valid and ready to import." })).toBeVisible();
  await expect(main.getByRole("alert")).toHaveCount(0);
  await page.getByRole("button", { name: "Import 3 transactions" }).click();
  await expect(page.getByRole("heading", { name: "Import result" })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Imported 3 transactions; skipped 0 already imported." })).toBeVisible();
  await expect(page.getByRole("list", { name: "Imported transactions" }).getByRole("listitem")).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/ledger-import.png`, fullPage: true });

  // The same file again: nothing new, each named as already imported.
  await page.getByLabel("Ledger file (.csv or .json)").setInputFiles({ name: "again.json", mimeType: "application/json", buffer: Buffer.from(fixed) });
  await page.getByRole("button", { name: "Import 3 transactions" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Imported 0 transactions; skipped 3 already imported." })).toBeVisible();

  // A debit the holding cannot cover is refused by the server, and named on its row too.
  const overdraw = lines("1000").split("\n").map((line, i) => (i === 0 ? line : line.replace(/^[0-9a-f-]{36}/, crypto.randomUUID()))).join("\n");
  await page.getByLabel("Ledger file (.csv or .json)").setInputFiles({ name: "overdraw.csv", mimeType: "text/csv", buffer: Buffer.from(overdraw) });
  await page.getByRole("button", { name: "Import 3 transactions" }).click();
  await expect(main.getByRole("alert").getByRole("listitem").filter({ hasText: /^Row 3, source \(column sourceFinId\): would take .* below zero/ })).toBeVisible();
  await expect(main.getByRole("alert").filter({ hasText: /nothing was imported/ })).toBeVisible();

  // The router's holdings against the built-in escrow's books: nothing differs; the other
  // organization's books cannot be read from here, and the panel says so.
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^0 differences: the router's holdings match the built-in escrow's books/ })).toBeVisible();
  const checked = page.getByRole("list", { name: "Organizations checked" });
  await expect(checked.getByRole("listitem").filter({ hasText: "(escrow)" })).toContainText("compared");
  await expect(checked.getByRole("listitem").filter({ hasText: `(${BANK})` })).toContainText("not reconciled (2 holdings)");
  expect(await seriousViolations(page)).toEqual([]);
});

test("an admin creates a user and registers and edits a payment organization", async ({ page }) => {
  await signIn(page, "admin@example.com", DEMO_PASSWORD);
  await nav(page).getByRole("link", { name: "Organizations" }).click();
  await expect(page.getByRole("heading", { name: "Organizations", level: 1 })).toBeVisible();
  const organizations = page.getByRole("list", { name: "Organizations" });
  await expect(organizations.getByRole("listitem").filter({ hasText: "(escrow)" })).toContainText("built in");
  const register = page.getByRole("form", { name: "Register an organization" });
  await register.getByLabel("Id", { exact: true }).fill("BankCo");
  await register.getByLabel("Name").fill("BankCo");
  await register.getByLabel("Adapter URL").fill("https://adapter.bankco.example/api");
  await register.getByLabel("Adapter token (optional)").fill("bankco-adapter-token-0123456789");
  await register.getByLabel("Currencies").fill("USD:2, usd:3");
  await register.getByRole("button", { name: "Register organization" }).click();
  await expect(register.getByText('Currencies: "usd:3": a currency is three upper-case letters')).toBeVisible();
  await register.getByLabel("Currencies").fill("USD:2, JPY:0");
  await register.getByRole("button", { name: "Register organization" }).click();
  await expect(register.getByText(/^Id: /)).toBeVisible();
  await register.getByLabel("Id", { exact: true }).fill("bankco");
  await register.getByRole("button", { name: "Register organization" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Organization bankco is registered." })).toBeVisible();
  const bankco = organizations.getByRole("listitem").filter({ hasText: "(bankco)" });
  await expect(bankco).toContainText("token: kept (never shown)");
  await expect(bankco).toContainText("Currencies: USD (2 decimals), JPY (0 decimals)");
  await expect(page.getByText("bankco-adapter-token-0123456789")).toHaveCount(0);
  await bankco.getByRole("button", { name: "Edit BankCo" }).click();
  const edit = bankco.getByRole("form", { name: "Edit BankCo" });
  await expect(edit.getByLabel("Name")).toBeFocused();
  await edit.getByLabel("Name").fill("BankCo Payments");
  await edit.getByLabel("Adapter URL").fill("https://adapter2.bankco.example/api");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(organizations.getByRole("listitem").filter({ hasText: "(bankco)" })).toContainText("BankCo Payments");
  await expect(organizations.getByRole("listitem").filter({ hasText: "(bankco)" })).toContainText("https://adapter2.bankco.example/api");
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/admin-organizations.png`, fullPage: true });

  await nav(page).getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await expect(page.getByRole("table", { name: "Users, oldest first" }).getByRole("row", { name: /alice@example.com/ })).toContainText("Investor");
  const create = page.getByRole("form", { name: "Create a user" });
  await create.getByLabel("Email").fill("carol.ops@bankco.example");
  await create.getByLabel("Name").fill("Carol Ops");
  await create.getByLabel("Role").selectOption({ label: "Escrow operator" });
  await create.getByLabel("Organization").selectOption({ label: "BankCo Payments (bankco)" });
  await create.getByLabel("Password (optional)").fill("short");
  await create.getByRole("button", { name: "Create user" }).click();
  await expect(create.getByText("Password (optional): must be at least 8 characters")).toBeVisible();
  await expect(create.getByLabel("Password (optional)")).toBeFocused();
  await create.getByLabel("Password (optional)").fill("carol-ops-passphrase");
  await create.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("status").filter({ hasText: /User .* is created/ })).toBeVisible();
  await expect(create.getByRole("button", { name: "Copy Bearer token" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Users, oldest first" }).getByRole("row", { name: /carol.ops@bankco.example/ })).toContainText("bankco");
  const firstToken = (await create.locator("code").textContent()) ?? "";
  expect(firstToken).toMatch(/^tan_/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/admin-users.png`, fullPage: true });

  // Carol's access: another token for her program, the first one revoked, then Carol disabled.
  const profilesWith = async (token: string) => (await page.request.get("/api/router/finapi/profiles", { headers: { authorization: `Bearer ${token}` } })).status();
  expect(await profilesWith(firstToken)).toBe(200);
  await page.getByRole("button", { name: "Access of carol.ops@bankco.example" }).click();
  const access = page.getByRole("region", { name: "Access of carol.ops@bankco.example" });
  await expect(access.getByRole("heading", { name: "Access of carol.ops@bankco.example" })).toBeFocused();
  await expect(access.getByText("Status: Active")).toBeVisible();
  const issue = access.getByRole("form", { name: "Issue a token" });
  await issue.getByRole("button", { name: "Issue token" }).click();
  await expect(issue.getByText("New token's label: must not be empty")).toBeVisible();
  await issue.getByLabel("New token's label").fill("settlement bot");
  await issue.getByRole("button", { name: "Issue token" }).click();
  await expect(issue.getByRole("status").filter({ hasText: "A token is issued" })).toBeVisible();
  const secondToken = (await issue.locator("code").textContent()) ?? "";
  expect(secondToken).toMatch(/^tan_/);
  const tokens = access.getByRole("table", { name: "Bearer tokens, oldest first" });
  await expect(tokens.getByRole("row", { name: /settlement bot/ })).toContainText("Valid");
  await tokens.getByRole("button", { name: "Revoke the token “created with the user”…" }).click();
  await tokens.getByRole("button", { name: "Revoke “created with the user” now" }).click();
  await expect(tokens.getByRole("row", { name: /created with the user/ })).toContainText("Revoked");
  expect(await profilesWith(firstToken)).toBe(401);
  expect(await profilesWith(secondToken)).toBe(200);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/admin-user-access.png`, fullPage: true });

  await access.getByRole("button", { name: "Disable user…" }).click();
  await access.getByRole("button", { name: "Disable carol.ops@bankco.example" }).click();
  await expect(access.getByText("Status: Disabled")).toBeVisible();
  await expect(page.getByRole("table", { name: "Users, oldest first" }).getByRole("row", { name: /carol.ops@bankco.example/ })).toContainText("Disabled");
  expect(await profilesWith(secondToken)).toBe(401);
  await access.getByRole("button", { name: "Enable user" }).click();
  await expect(access.getByText("Status: Active")).toBeVisible();
  expect(await profilesWith(secondToken)).toBe(200);
  await access.getByRole("button", { name: "Close" }).click();
  await expect(access).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Access of carol.ops@bankco.example" })).toBeFocused();
});
