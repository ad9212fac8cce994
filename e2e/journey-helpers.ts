// Steps in the portal that several journeys share: signing in, watching what the browser sends, a
// browser key with a profile, deposit instructions and the operator recording the money, and
// buying through the trade ticket. What a journey does through the API is in router-api.ts.
import { readFile } from "node:fs/promises";

import { expect, type Browser, type Locator, type Page } from "@playwright/test";

import { parseKeyBackup } from "@/lib/client/keys/key-backup";
import { unsealPrivateKey } from "@/lib/client/keys/sealed-key";
import { formatMoney } from "@/lib/domain/format-money";

import { origin } from "./origin";
import { TEST_DEMO_PASSWORD as DEMO_PASSWORD } from "../tests/demo-password";

export const PASSPHRASE = "investor journey passphrase";
/** Screenshots of the main pages, shown in the README. */
export const SCREENSHOTS = "docs/screenshots";

export type SentRequest = { url: string; body: string };

/** Every request the page sends, with its body, and every WebSocket frame it sends, from now on. */
export function recordRequests(page: Page): SentRequest[] {
  const sent: SentRequest[] = [];
  page.on("request", (request) => sent.push({ url: request.url(), body: request.postData() ?? "" }));
  page.on("websocket", (socket) => socket.on("framesent", (frame) => sent.push({ url: socket.url(), body: String(frame.payload) })));
  return sent;
}

/** A URL or form body as a person typed it: percent-escapes and `+` for spaces decoded. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/**
 * Fails when the private key (hex, any case) or the key's passphrase (PASSPHRASE, as typed or
 * URL-encoded, or any `passphrase=` parameter) is in any recorded URL or body, or anything left the
 * origin. Navigations count: a form submitted by the browser itself sends its fields too.
 */
export function expectNoPrivateKeySent(sent: readonly SentRequest[], privateKey: string): void {
  expect(sent.length).toBeGreaterThan(0);
  for (const request of sent) {
    expect(request.url.startsWith(origin()) || request.url.startsWith(origin().replace("http", "ws")), request.url).toBe(true);
    expect(request.url.toLowerCase()).not.toContain(privateKey);
    expect(request.body.toLowerCase(), `body of ${request.url}`).not.toContain(privateKey);
    for (const [where, text] of [["URL", request.url], [`body of ${request.url}`, request.body]] as const) {
      expect(decoded(text), `${where} carries the passphrase`).not.toContain(PASSPHRASE);
      expect(text, `${where} carries a passphrase field`).not.toMatch(/(^|[?&"])passphrase["=]/i);
    }
  }
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export const nav = (page: Page) => page.getByRole("navigation", { name: "Account" });

export type BrowserProfile = { fingerprint: string; finId: string; profileId: string };

/** On the Profile page: a new browser key, left unlocked, and a profile made with it. */
export async function createKeyAndProfile(page: Page): Promise<BrowserProfile> {
  await nav(page).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
  await page.getByLabel("New passphrase (at least 12 characters)").fill(PASSPHRASE);
  await page.getByLabel("Repeat the passphrase").fill(PASSPHRASE);
  await page.getByRole("button", { name: "Create key" }).click();
  const keys = page.getByRole("list", { name: "Keys in this browser" });
  await expect(keys.getByText("Unlocked", { exact: true })).toBeVisible();
  const fingerprint = (await keys.locator(".font-mono.font-semibold").first().textContent()) ?? "";
  const finId = /finId ([0-9a-f]{66})/.exec((await keys.textContent()) ?? "")?.[1] ?? "";
  expect(finId).toMatch(/^0[23]/);
  await page.getByRole("button", { name: `Create a profile with key ${fingerprint}` }).click();
  const ready = page.getByRole("status").filter({ hasText: /Profile node:101:.* is ready/ });
  await expect(ready).toBeVisible();
  const profileId = /(node:101:[0-9a-f-]{36})/.exec((await ready.textContent()) ?? "")?.[1] ?? "";
  return { fingerprint, finId, profileId };
}

/**
 * On the Profile page: the key's backup, unsealed here in the test, so a journey knows the private
 * key to look for in what the browser sends.
 */
export async function exportPrivateKey(page: Page, fingerprint: string): Promise<string> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("list", { name: "Keys in this browser" }).getByRole("button", { name: `Export backup of key ${fingerprint}` }).click();
  return unsealPrivateKey(parseKeyBackup(await readFile(await (await downloading).path(), "utf8")), PASSPHRASE);
}

/**
 * On a page that serves one of the caller's profiles: the one of `fingerprint`. The demo users are
 * shared by the journeys of one run, so earlier ones may have left them other profiles.
 */
export async function chooseProfile(page: Page, fingerprint: string): Promise<void> {
  const picker = page.getByLabel("Profile", { exact: true });
  const onlyProfile = page.getByText(new RegExp(`^Profile node:101:\\S+ \\(key ${fingerprint}\\)$`));
  await expect(picker.or(onlyProfile)).toBeVisible();
  if (await onlyProfile.isVisible()) return;
  await picker.selectOption((await picker.locator("option", { hasText: fingerprint }).getAttribute("value")) ?? "");
}

/** In a profile's "Add a certificate" form: a KYC/AML certificate for 2026 to 2036 with one further item, not yet sent. */
export async function fillKycCertificate(form: Locator, holder: { name: string; country: string }): Promise<void> {
  await form.getByLabel("Issued on").fill("2026-01-01");
  await form.getByLabel("Expires on").fill("2036-01-01");
  await form.getByLabel("Full name").fill(holder.name);
  await form.getByLabel("Country (two letters, such as DE)").fill(holder.country);
  await form.getByLabel("Item 1 name").fill("provider");
  await form.getByLabel("Item 1 value").fill("KYC Co");
}

/** On the Cash page, for the profile of `fingerprint`: deposit instructions; answers the reference number. */
export async function requestDepositInstructions(page: Page, fingerprint: string, amount: string): Promise<string> {
  await nav(page).getByRole("link", { name: "Cash" }).click();
  await expect(page.getByRole("heading", { name: "Cash", level: 1 })).toBeVisible();
  await chooseProfile(page, fingerprint);
  await page.getByLabel("Amount").fill(amount);
  await page.getByRole("button", { name: "Request deposit instructions" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your deposit instructions are ready." })).toBeVisible();
  const reference = page.getByRole("region", { name: "Deposit instructions" }).getByText(/^ESC-[0-9A-HJKMNP-TV-Z]{12}$/);
  return (await reference.textContent()) ?? "";
}

/** The escrow operator, in a browser of its own, records money that arrived with `reference`. */
export async function recordIncomingFunds(browser: Browser, reference: string, amount: string, check?: (operator: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  const operator = await context.newPage();
  await signIn(operator, "operator@example.com", DEMO_PASSWORD);
  await nav(operator).getByRole("link", { name: "Escrow operations" }).click();
  await expect(operator.getByRole("heading", { name: "Escrow operations", level: 1 })).toBeVisible();
  const form = operator.getByRole("form", { name: "Record incoming funds" });
  await form.getByLabel("Reference").fill(reference);
  await form.getByLabel("Amount").fill(amount);
  await form.getByRole("button", { name: "Record incoming funds" }).click();
  await expect(form.getByRole("status").filter({ hasText: `Recorded ${amount} USD for reference ${reference}` })).toBeVisible();
  if (check) await check(operator);
  await context.close();
}

/** Waits until the Cash page's holdings show these USD amounts, as the portal formats money (the escrow reports credits asynchronously). */
export async function expectCash(page: Page, cells: [balance: string, held: string, available: string]): Promise<void> {
  const holdings = page.getByRole("table", { name: /Holdings/ });
  await expect(holdings.getByRole("row", { name: /USD/ }).getByRole("cell")).toHaveText(cells.map((cell) => formatMoney(cell, "USD")), { timeout: 20_000 });
}

/** A new profile's first money: deposit instructions, the operator records them, the Cash page shows it. */
export async function depositFirstFunds(page: Page, browser: Browser, fingerprint: string, amount: string): Promise<void> {
  await recordIncomingFunds(browser, await requestDepositInstructions(page, fingerprint, amount), amount);
  await expectCash(page, [amount, "0", amount]);
}

/** From the marketplace, the Buy link of this offer opens its trade ticket. */
export async function openTicket(page: Page, offer: { assetId: string; intentId: string }): Promise<void> {
  await nav(page).getByRole("link", { name: "Marketplace" }).click();
  await expect(page.getByRole("heading", { name: "Marketplace", level: 1 })).toBeVisible();
  const ticketPath = `/marketplace/${encodeURIComponent(offer.assetId)}/${encodeURIComponent(offer.intentId)}`;
  await page.getByRole("row", { name: new RegExp(offer.assetId) }).getByRole("link", { name: /^Buy/ }).and(page.locator(`[href="${ticketPath}"]`)).click();
  await expect(page.getByRole("heading", { name: "Trade ticket", level: 1 })).toBeVisible();
}

/** The heading of the trade ticket's last step, whatever the settlement has come to. */
export const SENT_TRADE_HEADING = /^Your trade (is being settled|is complete|did not go through)$/;

/** After "Sign and submit" on the trade ticket: the plan's id, from the link to its settlement page. */
export async function acceptedPlanId(page: Page): Promise<string> {
  await expect(page.getByRole("heading", { name: SENT_TRADE_HEADING })).toBeFocused();
  const href = await page.getByRole("link", { name: "the settlement page of this trade" }).getAttribute("href");
  return decodeURIComponent(href?.replace("/trades/", "") ?? "");
}
