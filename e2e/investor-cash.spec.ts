import { readFile } from "node:fs/promises";

import { expect, test, type Page } from "@playwright/test";

import { parseKeyBackup } from "@/lib/client/keys/key-backup";
import { unsealPrivateKey } from "@/lib/client/keys/sealed-key";

const ORIGIN = "http://127.0.0.1:3210";
const PASSPHRASE = "investor journey passphrase";

type SentRequest = { url: string; body: string };

/** Every request the page sends, with its body, from the moment this is called. */
function recordRequests(page: Page): SentRequest[] {
  const sent: SentRequest[] = [];
  page.on("request", (request) => sent.push({ url: request.url(), body: request.postData() ?? "" }));
  return sent;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe("an investor's key, profile and first deposit", () => {
  test("creates a browser key, a profile with it and deposit instructions; the private key is never sent", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: ORIGIN });
    const sent = recordRequests(page);
    await signIn(page, "alice@example.com", "investor-demo-pass");

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
    await expect(card.getByRole("button", { name: "Copy Reference number" })).toHaveText("Copied");
    const reference = await page.evaluate(() => navigator.clipboard.readText());
    expect(reference).toMatch(/^ESC-[0-9A-HJKMNP-TV-Z]{12}$/);

    // What left the browser: the public key and signatures, never the private key, never elsewhere.
    expect(sent.some((r) => r.url.endsWith("/api/router/finapi/profiles/owner") && r.body.includes(sealed.finId))).toBe(true);
    expect(sent.some((r) => r.url.endsWith("/api/router/finapi/payments/deposit") && r.body.includes('"signature"'))).toBe(true);
    for (const request of sent) {
      expect(request.url.startsWith(ORIGIN), request.url).toBe(true);
      expect(request.url.toLowerCase()).not.toContain(privateKey);
      expect(request.body.toLowerCase(), `body of ${request.url}`).not.toContain(privateKey);
    }
    const storage = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }));
    expect(storage).not.toContain(privateKey);
  });

  test("a reload locks the key; a wrong passphrase is refused and the right one unlocks it", async ({ page }) => {
    await signIn(page, "bob@example.com", "investor-demo-pass");
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
  });
});
