import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";

import { expect, test, type Locator, type Page } from "./test";

import { seriousViolations } from "./axe";
import {
  chooseProfile,
  createKeyAndProfile,
  expectNoPrivateKeySent,
  expectCash,
  exportPrivateKey,
  fillKycCertificate,
  PASSPHRASE,
  recordIncomingFunds,
  recordRequests,
  requestDepositInstructions,
  SCREENSHOTS,
  signIn,
} from "./journey-helpers";
import { origin } from "./origin";
import { TEST_DEMO_PASSWORD as DEMO_PASSWORD } from "../tests/demo-password";

// A real 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A PNG (by its leading bytes, which is what the server checks) of `size` bytes. */
function largePng(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x2a);
  PNG.copy(bytes, 0, 0, 16);
  return bytes;
}

/** Drops a file built in the page onto `target`, as a person dragging it from the desktop would. */
async function dropFile(page: Page, target: Locator, file: { name: string; type: string; bytes?: number[]; size?: number }) {
  const dataTransfer = await page.evaluateHandle((f) => {
    const transfer = new DataTransfer();
    const content = f.bytes ? new Uint8Array(f.bytes) : new Uint8Array(f.size ?? 0);
    transfer.items.add(new File([content], f.name, { type: f.type }));
    return transfer;
  }, file);
  await target.dispatchEvent("dragenter", { dataTransfer });
  await target.dispatchEvent("dragover", { dataTransfer });
  await target.dispatchEvent("drop", { dataTransfer });
}

test.describe("withdrawals on the cash page and documents on the profile page", () => {
  test("an investor's credited deposit stays listed after a reload; a withdrawal is checked in the browser, confirmed, signed and completes; too much fails in plain words", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const sent = recordRequests(page);
    await signIn(page, "bob@example.com", DEMO_PASSWORD);
    const key = await createKeyAndProfile(page);
    const privateKey = await exportPrivateKey(page, key.fingerprint);
    const reference = await requestDepositInstructions(page, key.fingerprint, "100");
    await recordIncomingFunds(browser, reference, "100");
    await expectCash(page, ["100", "0", "100"]);

    // After a reload the deposit instruction is still there, with its reference, and credited.
    await page.reload();
    await chooseProfile(page, key.fingerprint);
    const deposits = page.getByRole("table", { name: /Your deposit instructions/ });
    const row = deposits.getByRole("row", { name: new RegExp(reference) });
    await expect(row).toContainText("100 USD");
    await expect(row).toContainText(/Credited: 100 USD/);
    // The key is locked by the reload: unlock it to sign the withdrawal.
    const unlock = page.getByRole("region", { name: "Deposit money" });
    await unlock.getByLabel(/Passphrase for key/).fill(PASSPHRASE);
    await unlock.getByRole("button", { name: /Unlock key/ }).click();

    const withdraw = page.getByRole("region", { name: "Withdraw money" });
    const form = withdraw.getByRole("form", { name: "Withdraw money" });
    await expect(form.getByText("100 USD available")).toBeVisible();
    const withdrawals = () => sent.filter((r) => r.url.endsWith("/api/router/finapi/payments/withdraw")).length;
    const review = form.getByRole("button", { name: "Review withdrawal" });
    // The amount is checked with the router's schema, and against the currency's minor units, before anything is signed or sent.
    await form.getByLabel("How much to withdraw").fill("12,50");
    await form.getByLabel("To bank account (IBAN)").fill("DE89 3704 0044 0532 0130 00");
    await form.getByLabel("Note for the payment organization").fill("to my bank");
    await review.click();
    await expect(form.getByText(/^How much to withdraw: must be a number such as 2.5 or 105.00: /)).toBeVisible();
    await expect(form.getByLabel("How much to withdraw")).toHaveAttribute("aria-invalid", "true");
    await form.getByLabel("How much to withdraw").fill("12.3456");
    await review.click();
    await expect(form.getByText("How much to withdraw: USD has 2 decimal places: enter at most 2 digits after the point, such as 12.34.")).toBeVisible();

    // IBANs are checked for their country's length and their check digits.
    await form.getByLabel("How much to withdraw").fill("40.25");
    await form.getByLabel("To bank account (IBAN)").fill("DE00 1234");
    await review.click();
    await expect(form.getByText(/^To bank account \(IBAN\): an IBAN from Germany \(DE\) has 22 characters; this one has 8/)).toBeVisible();
    await expect(form.getByLabel("To bank account (IBAN)")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("How much to withdraw")).not.toHaveAttribute("aria-invalid", "true");
    await form.getByLabel("To bank account (IBAN)").fill("DE88 3704 0044 0532 0130 00");
    await review.click();
    await expect(form.getByText(/^To bank account \(IBAN\): its check digits do not match/)).toBeVisible();
    expect(withdrawals()).toBe(0);

    // A confirmation shows the terms before money leaves: amount, the IBAN in groups of four, who pays, the fee.
    await form.getByLabel("To bank account (IBAN)").fill("de89370400440532013000");
    await review.click();
    const confirmation = withdraw.getByRole("region", { name: "Confirm your withdrawal" });
    await expect(confirmation.getByRole("heading", { name: "Confirm your withdrawal" })).toBeFocused();
    await expect(confirmation.getByRole("definition")).toHaveText([
      "40.25 USD",
      "DE89 3704 0044 0532 0130 00",
      "Built-in Escrow",
      "None: 40.25 USD leaves your account and 40.25 USD is sent to your bank.",
      "to my bank",
    ]);
    expect(withdrawals()).toBe(0);
    expect(await seriousViolations(page), "withdrawal confirmation").toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/withdrawal-confirmation.png`, fullPage: true });
    // Changing the details goes back to the form with what was typed.
    await confirmation.getByRole("button", { name: "Change details" }).click();
    await expect(confirmation).toHaveCount(0);
    await expect(form.getByLabel("How much to withdraw")).toHaveValue("40.25");
    await expect(form.getByLabel("How much to withdraw")).toBeFocused();
    await review.click();

    const posting = page.waitForRequest((r) => r.url().endsWith("/api/router/finapi/payments/withdraw"));
    await confirmation.getByRole("button", { name: "Sign and withdraw" }).click();
    const request = await posting;
    const body = JSON.parse(request.postData() ?? "{}") as Record<string, unknown>;
    expect(body).toMatchObject({ amount: "40.25", nonce: expect.stringMatching(/^[0-9a-f]{64}$/), signature: expect.stringMatching(/^[0-9a-f]{128}$/) });
    expect(body.withdrawInstruction).toEqual({
      account: { account: { type: "iban", code: "DE89370400440532013000" }, asset: { type: "fiat", code: "USD" } },
      description: "to my bank",
    });
    expect(request.headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    const completed = withdraw.getByRole("status").filter({ hasText: /^Your withdrawal of 40\.25 USD was paid out to DE89 3704 0044 0532 0130 00\. Your holding is 40\.25 USD less\./ });
    await expect(completed).toBeVisible();
    await expectCash(page, ["59.75", "0", "59.75"]);
    await expect(review).toBeEnabled();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/withdrawal.png`, fullPage: true });

    // A new attempt replaces the last one's message: the completed withdrawal is not shown beside a new error.
    await form.getByLabel("To bank account (IBAN)").fill("DE00 1234");
    await review.click();
    await expect(form.getByText(/^To bank account \(IBAN\): an IBAN from Germany/)).toBeVisible();
    await expect(completed).toHaveCount(0);

    // More than is available: the payment organization refuses, and the page says so in plain words,
    // with the codes for support in a disclosure.
    await form.getByLabel("To bank account (IBAN)").fill("DE89 3704 0044 0532 0130 00");
    await form.getByLabel("How much to withdraw").fill("1000");
    await review.click();
    await confirmation.getByRole("button", { name: "Sign and withdraw" }).click();
    const failure = withdraw.getByRole("alert").filter({ hasText: /^Your withdrawal of 1000 USD was not paid out/ });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText("your account does not have enough money available for it");
    await expect(failure).toContainText("Nothing left your account.");
    await expect(failure).not.toContainText("Code");
    const details = withdraw.getByRole("group").filter({ has: page.getByText("Details for support") });
    await details.getByText("Details for support").click();
    await expect(details).toContainText("Code 30");
    await expect(details).toContainText("insufficient available funds");
    await expect(details).toContainText(/operation [0-9a-f-]{36}/);
    await expectCash(page, ["59.75", "0", "59.75"]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await seriousViolations(page), "withdrawal, dark").toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });

    expect(withdrawals()).toBe(2);
    expectNoPrivateKeySent(sent, privateKey);
  });

  test("documents are uploaded to a certificate by drop and by the file input with progress, refused before upload when too big or of the wrong type, and download with the same sha256", async ({ page }) => {
    test.setTimeout(120_000);
    const sent = recordRequests(page);
    await signIn(page, "bob@example.com", DEMO_PASSWORD);
    const key = await createKeyAndProfile(page);
    const privateKey = await exportPrivateKey(page, key.fingerprint);
    const limitsAnswer = await page.request.get(`${origin()}/api/router/documents/limits`);
    expect(limitsAnswer.status()).toBe(200);
    const limits = (await limitsAnswer.json()) as { maxBytes: number; mimeTypes: string[] };

    const profile = page.getByRole("list", { name: "Your profiles" }).getByRole("listitem").filter({ hasText: key.profileId });
    await profile.getByText("Add a certificate").click();
    const form = profile.getByRole("form", { name: "Add a certificate" });
    await fillKycCertificate(form, { name: "Bob Example", country: "DE" });
    await form.getByRole("button", { name: "Add certificate" }).click();
    await expect(form.getByRole("status").filter({ hasText: "Certificate added." })).toBeVisible();

    const certificate = profile.getByRole("listitem", { name: "KYC/AML certificate" });
    await expect(certificate.getByText("No documents on this certificate yet.")).toBeVisible();
    const input = certificate.getByLabel("Add a document to the KYC/AML certificate");
    const dropZone = certificate.getByTestId("document-drop-zone");
    const documents = certificate.getByRole("table", { name: "Documents of the KYC/AML certificate" });
    let uploadsSent = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && /\/certificates\/[^/]+$/.test(r.url())) uploadsSent += 1;
    });

    // Refused in the browser: nothing is sent.
    await dropFile(page, dropZone, { name: "huge.png", type: "image/png", size: limits.maxBytes + 1 });
    await expect(certificate.getByRole("alert")).toHaveText(
      `Not uploaded: huge.png is ${(limits.maxBytes + 1).toLocaleString("en-US")} bytes; a document may be at most ${limits.maxBytes.toLocaleString("en-US")} bytes (10 MiB).`,
    );
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await input.setInputFiles({ name: "cat.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await expect(certificate.getByRole("alert")).toContainText("Not uploaded: cat.gif is of type image/gif; accepted are application/pdf, image/png");
    expect(await seriousViolations(page), "a refused file").toEqual([]);
    expect(uploadsSent).toBe(0);

    // Refused by the server: its problem document is shown by the field.
    await input.setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all") });
    await expect(certificate.getByRole("alert")).toHaveText("Not uploaded: the file is declared image/png but its content is not a PNG image.");

    // By drop.
    await dropFile(page, dropZone, { name: "scan-dropped.png", type: "image/png", bytes: [...PNG] });
    await expect(certificate.getByRole("status").filter({ hasText: `Uploaded scan-dropped.png: 100%, 70 bytes, SHA-256 ${sha256(PNG)}.` })).toBeVisible();
    await expect(certificate.getByRole("alert")).toHaveCount(0);
    await expect(documents.getByRole("row", { name: /scan-dropped\.png/ }).getByRole("cell")).toHaveText(["image/png", "70 bytes", sha256(PNG), "Download scan-dropped.png"]);

    // By the file input, slowed down so the progress shows; then one cancelled on its way.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 512 * 1024 });
    const passport = largePng(1024 * 1024);
    await input.setInputFiles({ name: "passport.png", mimeType: "image/png", buffer: passport });
    const progress = certificate.getByRole("progressbar", { name: /^Uploading passport\.png: \d+%/ });
    await expect(progress).toBeVisible();
    expect(await seriousViolations(page), "an upload in progress").toEqual([]);
    await expect(certificate.getByRole("status").filter({ hasText: `Uploaded passport.png: 100%, 1 MiB, SHA-256 ${sha256(passport)}.` })).toBeVisible({ timeout: 30_000 });
    await expect(progress).toHaveCount(0);
    await expect(documents.getByRole("row")).toHaveCount(3);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/documents.png`, fullPage: true });

    await input.setInputFiles({ name: "cancelled.png", mimeType: "image/png", buffer: largePng(2 * 1024 * 1024) });
    await expect(certificate.getByRole("progressbar", { name: /^Uploading cancelled\.png/ })).toBeVisible();
    await certificate.getByRole("button", { name: "Cancel upload" }).click();
    await expect(certificate.getByRole("status").filter({ hasText: "Upload of cancelled.png cancelled." })).toBeVisible();
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(documents.getByRole("row")).toHaveCount(3);
    await expect(documents.getByRole("row", { name: /cancelled\.png/ })).toHaveCount(0);
    expect(await seriousViolations(page), "an upload cancelled").toEqual([]);

    // The download is the same bytes, with the same sha256.
    const downloading = page.waitForEvent("download");
    await documents.getByRole("link", { name: "Download scan-dropped.png" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("scan-dropped.png");
    expect(sha256(await readFile(await download.path()))).toBe(sha256(PNG));

    expect(uploadsSent).toBe(4);
    expectNoPrivateKeySent(sent, privateKey);
  });
});
