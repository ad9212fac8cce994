import { readFile } from "node:fs/promises";

import { expect, test, type Page } from "./test";

import { parseKeyBackup } from "@/lib/client/keys/key-backup";
import { seriousViolations } from "./axe";
import { unsealPrivateKey } from "@/lib/client/keys/sealed-key";

import { fillKycCertificate, PASSPHRASE, SCREENSHOTS, signIn } from "./journey-helpers";
import { origin } from "./origin";
import { TEST_DEMO_PASSWORD as DEMO_PASSWORD } from "../tests/demo-password";

type SentRequest = { url: string; body: string };

/** Every request the page sends, with its body, from the moment this is called. */
function recordRequests(page: Page): SentRequest[] {
  const sent: SentRequest[] = [];
  page.on("request", (request) => sent.push({ url: request.url(), body: request.postData() ?? "" }));
  return sent;
}

test.describe("an investor's browser key, profile, certificates and first deposit", () => {
  test("creates a browser key, a profile with it and deposit instructions; the private key is never sent", async ({ page, context, browser }) => {
    const sockets: string[] = [];
    page.on("websocket", (socket) => sockets.push(socket.url()));
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: origin() });
    const sent = recordRequests(page);
    await signIn(page, "alice@example.com", DEMO_PASSWORD);

    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Profile" }).click();
    await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
    await expect(page.getByText("There is no key in this browser yet.")).toBeVisible();
    await expect(page.getByText("You have no profile yet.")).toBeVisible();

    await page.getByLabel("New passphrase (at least 12 characters)").fill(PASSPHRASE);
    await page.getByLabel("Repeat the passphrase").fill(PASSPHRASE);
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByRole("status").filter({ hasText: /created and unlocked/ })).toBeVisible();
    const keys = page.getByRole("list", { name: "Keys in this browser" });
    await expect(keys.getByText("Unlocked", { exact: true })).toBeVisible();
    const fingerprint = (await keys.locator(".font-mono.font-semibold").first().textContent()) ?? "";
    expect(fingerprint).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}$/);

    // The backup file is the sealed key; unsealing it here gives the test the key to look for.
    const downloading = page.waitForEvent("download");
    await keys.getByRole("button", { name: `Export backup of key ${fingerprint}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`key-backup-${fingerprint}.json`);
    const sealed = parseKeyBackup(await readFile(await download.path(), "utf8"));
    const privateKey = await unsealPrivateKey(sealed, PASSPHRASE);

    await page.getByRole("button", { name: `Create a profile with key ${fingerprint}` }).click();
    await expect(page.getByRole("status").filter({ hasText: /Profile node:101:.* is ready/ })).toBeVisible();
    const profiles = page.getByRole("list", { name: "Your profiles" });
    await expect(profiles.getByRole("listitem")).toHaveCount(1);
    await expect(profiles.getByText(sealed.finId)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/profile.png`, fullPage: true });

    // Client-side navigation keeps the key unlocked in memory.
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Cash" }).click();
    await expect(page.getByRole("heading", { name: "Cash", level: 1 })).toBeVisible();
    await expect(page.getByText(/Nothing held yet/)).toBeVisible();
    await page.getByLabel("Amount").fill("250");
    await page.getByRole("button", { name: "Request deposit instructions" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your deposit instructions are ready." })).toBeVisible();
    const card = page.getByRole("region", { name: "Deposit instructions" });
    await expect(card.getByText("Send 250 USD by bank transfer")).toBeVisible();
    await expect(card.getByText(/^ESC-[0-9A-HJKMNP-TV-Z]{12}$/)).toBeVisible();
    await card.getByRole("button", { name: "Copy Reference number" }).click();
    await expect(card.getByRole("button", { name: "Copied Reference number" })).toBeVisible();
    await expect(card.getByRole("status").filter({ hasText: "Reference number copied to the clipboard" })).toBeAttached();
    const reference = await page.evaluate(() => navigator.clipboard.readText());
    expect(reference).toMatch(/^ESC-[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(await seriousViolations(page)).toEqual([]);

    // A reload forgets nothing: the instruction is listed with its reference, amount, status and
    // date, and its bank details open again, so the investor never needs to ask for new ones.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Cash", level: 1 })).toBeVisible();
    const deposits = page.getByRole("table", { name: /Your deposit instructions/ });
    await expect(deposits.getByRole("columnheader")).toHaveText(["Requested", "Amount", "Reference number", "Status", "Bank details"]);
    const row = deposits.getByRole("row", { name: new RegExp(reference) });
    await expect(row.getByRole("cell").nth(0)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    await expect(row.getByRole("cell").nth(1)).toHaveText("250 USD");
    await expect(row.getByRole("cell").nth(2)).toHaveText(reference);
    await expect(row.getByRole("cell").nth(3)).toHaveText("Waiting for your transfer");
    await row.getByRole("button", { name: `Show bank details for ${reference}` }).click();
    const again = page.getByRole("region", { name: "Deposit instructions" });
    await expect(again.getByText("Send 250 USD by bank transfer")).toBeVisible();
    await expect(again.getByText(reference, { exact: true })).toBeVisible();
    expect(await seriousViolations(page), "deposit list after a reload").toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/deposit-list.png`, fullPage: true });

    // The operator records the money that arrived with that reference (the operator's page comes
    // later; the call is the one it will make); the open holdings table shows the credit.
    const operatorContext = await browser.newContext();
    const operator = await operatorContext.newPage();
    await signIn(operator, "operator@example.com", DEMO_PASSWORD);
    const recorded = await operator.evaluate(async (ref) => {
      const response = await fetch("/api/adapter/operator/incoming", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ reference: ref, amount: "250", currency: "USD" }),
      });
      return response.status;
    }, reference);
    expect(recorded).toBe(201);
    await operatorContext.close();
    const holdings = page.getByRole("table", { name: /Holdings/ });
    await expect(holdings.getByRole("row", { name: /USD/ })).toContainText("250", { timeout: 20_000 });
    await expect(holdings.getByRole("row", { name: /USD/ }).getByRole("cell")).toHaveText(["$250.00", "$0.00", "$250.00"]);
    await expect(row.getByRole("cell").nth(3)).toHaveText("Credited: 250 USD", { timeout: 20_000 });
    await page.screenshot({ path: `${SCREENSHOTS}/cash.png`, fullPage: true });
    // One socket per page load (the reload opened a second), always to this origin's GraphQL endpoint.
    expect(new Set(sockets)).toEqual(new Set([`${origin().replace("http", "ws")}/api/graphql`]));

    // What left the browser: the public key and signatures, never the private key, never elsewhere.
    expect(sent.some((r) => r.url.endsWith("/api/router/finapi/profiles/owner") && r.body.includes(sealed.finId))).toBe(true);
    expect(sent.some((r) => r.url.endsWith("/api/router/finapi/payments/deposit") && r.body.includes('"signature"'))).toBe(true);
    for (const request of sent) {
      expect(request.url.startsWith(origin()), request.url).toBe(true);
      expect(request.url.toLowerCase()).not.toContain(privateKey);
      expect(request.body.toLowerCase(), `body of ${request.url}`).not.toContain(privateKey);
    }
    const storage = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }));
    expect(storage).not.toContain(privateKey);
    const indexedDbRecords = await page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const open = indexedDB.open("tokenized-assets-network");
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction("sealed-keys").objectStore("sealed-keys").getAll();
            all.onerror = () => reject(all.error);
            all.onsuccess = () => resolve(JSON.stringify(all.result));
          };
        }),
    );
    expect(indexedDbRecords).toContain(sealed.ciphertext);
    expect(indexedDbRecords).not.toContain(privateKey);
  });

  test("a reload locks the key; a wrong passphrase is refused and the right one unlocks it; a key can be removed", async ({ page }) => {
    await signIn(page, "bob@example.com", DEMO_PASSWORD);
    await page.goto("/profile");
    await page.getByLabel("New passphrase (at least 12 characters)").fill(PASSPHRASE);
    await page.getByLabel("Repeat the passphrase").fill(PASSPHRASE);
    await page.getByRole("button", { name: "Create key" }).click();
    const keys = page.getByRole("list", { name: "Keys in this browser" });
    await expect(keys.getByText("Unlocked", { exact: true })).toBeVisible();

    await page.reload();
    await expect(keys.getByText("Locked", { exact: true })).toBeVisible();
    await expect(page.getByText("Unlock or create a key above to create a profile with it.")).toBeVisible();
    const passphrase = keys.getByLabel(/Passphrase for key/);
    await passphrase.fill("not the passphrase at all");
    await keys.getByRole("button", { name: /Unlock key/ }).click();
    await expect(page.getByRole("alert").filter({ hasText: "That passphrase does not unlock this key." })).toBeVisible();
    await passphrase.fill(PASSPHRASE);
    await keys.getByRole("button", { name: /Unlock key/ }).click();
    await expect(keys.getByText("Unlocked", { exact: true })).toBeVisible();

    await keys.getByRole("button", { name: /^Remove key/ }).click();
    await keys.getByRole("button", { name: "Keep it" }).click();
    await expect(keys.getByText("Unlocked", { exact: true })).toBeVisible();
    await keys.getByRole("button", { name: /^Remove key/ }).click();
    await keys.getByRole("button", { name: /from this browser$/ }).click();
    await expect(page.getByText("There is no key in this browser yet.")).toBeVisible();
    await page.reload();
    await expect(page.getByText("There is no key in this browser yet.")).toBeVisible();
  });

  test("a backup imported into another browser unlocks; certificates are checked field by field; a profile is shared", async ({ page, browser }) => {
    await signIn(page, "issuer@example.com", DEMO_PASSWORD);
    await page.goto("/profile");
    await page.getByLabel("New passphrase (at least 12 characters)").fill(PASSPHRASE);
    await page.getByLabel("Repeat the passphrase").fill(PASSPHRASE);
    await page.getByRole("button", { name: "Create key" }).click();
    const keys = page.getByRole("list", { name: "Keys in this browser" });
    await expect(keys.getByText("Unlocked", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: /Create a profile with key/ }).click();
    await expect(page.getByRole("list", { name: "Your profiles" }).getByRole("listitem")).toHaveCount(1);
    const downloading = page.waitForEvent("download");
    await keys.getByRole("button", { name: /Export backup/ }).click();
    const backupPath = await (await downloading).path();

    // Another browser: the key arrives sealed, and unlocks with its passphrase.
    const other = await browser.newContext();
    const second = await other.newPage();
    await signIn(second, "issuer@example.com", DEMO_PASSWORD);
    await second.goto("/profile");
    await second.getByLabel("Import a key backup (.json)").setInputFiles({ name: "bad.json", mimeType: "application/json", buffer: Buffer.from('{"format":"other"}') });
    await expect(second.getByRole("alert").filter({ hasText: /not valid: format/ })).toBeVisible();
    await second.getByLabel("Import a key backup (.json)").setInputFiles(backupPath);
    await expect(second.getByRole("status").filter({ hasText: /imported/ })).toBeVisible();
    const secondKeys = second.getByRole("list", { name: "Keys in this browser" });
    await secondKeys.getByLabel(/Passphrase for key/).fill(PASSPHRASE);
    await secondKeys.getByRole("button", { name: /Unlock key/ }).click();
    await expect(secondKeys.getByText("Unlocked", { exact: true })).toBeVisible();
    await other.close();

    // A KYC/AML certificate: a wrong country is named beside its field, then fixed.
    const profile = page.getByRole("list", { name: "Your profiles" }).getByRole("listitem").first();
    await profile.getByText("Add a certificate").click();
    const form = profile.getByRole("form", { name: "Add a certificate" });
    await fillKycCertificate(form, { name: "Iris Issuer", country: "XX" });
    await form.getByRole("button", { name: "Add certificate" }).click();
    await expect(form.getByText(/Country \(two letters, such as DE\) must be an ISO 3166-1/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/certificate-form.png`, fullPage: true });
    await form.getByLabel("Country (two letters, such as DE)").fill("DE");
    await form.getByRole("button", { name: "Add certificate" }).click();
    await expect(form.getByRole("status").filter({ hasText: "Certificate added." })).toBeVisible();
    await expect(profile.getByRole("list", { name: "Certificates" }).getByText("KYC/AML", { exact: true })).toBeVisible();
    await expect(profile.getByRole("list", { name: "Certificates" }).getByText("Valid")).toBeVisible();

    await profile.getByLabel("Share with").selectOption({ label: "Built-in Escrow" });
    await profile.getByRole("button", { name: "Share profile" }).click();
    await expect(profile.getByText("Shared with").locator("xpath=following-sibling::dd[1]")).toHaveText("escrow");

    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Marketplace" }).click();
    await expect(page.getByRole("heading", { name: "Marketplace", level: 1 })).toBeVisible();
    await expect(page.getByText("No active offers right now.")).toBeVisible();
    await page.getByLabel("Type").selectOption("primarySale");
    await expect(page.getByText("No active offers of type Primary sale right now.")).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/marketplace.png`, fullPage: true });
  });
});
