// Steps several journeys share: signing in, watching what the browser sends, a browser key with a
// profile, deposit instructions, and an issuer's primary sale published through the API.
import { readFile } from "node:fs/promises";

import { expect, type Browser, type Locator, type Page } from "@playwright/test";

import { parseKeyBackup } from "@/lib/client/keys/key-backup";
import { unsealPrivateKey } from "@/lib/client/keys/sealed-key";
import { generatePrivateKey, getFinId, signHash } from "@/lib/domain/secp256k1";
import { profileProofHash } from "@/lib/domain/signature-template";
import { origin } from "./origin";

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

/** Fails when the private key (hex, any case) is in any recorded URL or body, or anything left the origin. */
export function expectNoPrivateKeySent(sent: readonly SentRequest[], privateKey: string): void {
  expect(sent.length).toBeGreaterThan(0);
  for (const request of sent) {
    expect(request.url.startsWith(origin()) || request.url.startsWith(origin().replace("http", "ws")), request.url).toBe(true);
    expect(request.url.toLowerCase()).not.toContain(privateKey);
    expect(request.body.toLowerCase(), `body of ${request.url}`).not.toContain(privateKey);
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

/**
 * On the Profile page: a new browser key and a profile made with it. The key's backup is unsealed
 * here, in the test, so the journey knows the private key to look for in what the browser sends.
 */
export async function createKeyAndProfile(page: Page): Promise<{ fingerprint: string; finId: string; privateKey: string; profileId: string }> {
  await nav(page).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
  await page.getByLabel("New passphrase (at least 12 characters)").fill(PASSPHRASE);
  await page.getByLabel("Repeat the passphrase").fill(PASSPHRASE);
  await page.getByRole("button", { name: "Create key" }).click();
  const keys = page.getByRole("list", { name: "Keys in this browser" });
  await expect(keys.getByText("Unlocked", { exact: true })).toBeVisible();
  const fingerprint = (await keys.locator(".font-mono.font-semibold").first().textContent()) ?? "";
  const downloading = page.waitForEvent("download");
  await keys.getByRole("button", { name: `Export backup of key ${fingerprint}` }).click();
  const sealed = parseKeyBackup(await readFile(await (await downloading).path(), "utf8"));
  const privateKey = await unsealPrivateKey(sealed, PASSPHRASE);
  await page.getByRole("button", { name: `Create a profile with key ${fingerprint}` }).click();
  const ready = page.getByRole("status").filter({ hasText: /Profile node:101:.* is ready/ });
  await expect(ready).toBeVisible();
  const profileId = /(node:101:[0-9a-f-]{36})/.exec((await ready.textContent()) ?? "")?.[1] ?? "";
  return { fingerprint, finId: sealed.finId, privateKey, profileId };
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
  const profile = page.getByLabel("Profile", { exact: true });
  const option = profile.locator("option", { hasText: fingerprint });
  await profile.selectOption((await option.getAttribute("value")) ?? "");
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
  await signIn(operator, "operator@example.com", "operator-demo-pass");
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

/**
 * The demo issuer publishes a primary sale through the API (the owner's pages are another
 * engineer's): a profile with a key made here, an asset, and the sale, paid at the built-in escrow.
 */
export async function publishPrimarySale(browser: Browser, terms: { name: string; amount: string; unitValue: string }): Promise<{ assetId: string; intentId: string }> {
  const context = await browser.newContext();
  const issuer = await context.newPage();
  await signIn(issuer, "issuer@example.com", "issuer-demo-pass");
  const post = async (path: string, data: unknown) => {
    const response = await issuer.request.post(`${origin()}${path}`, { data });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as Record<string, unknown> & { id?: string; response?: { id?: string } };
  };
  const privateKey = generatePrivateKey();
  const finId = getFinId(privateKey);
  const profile = await post("/api/router/finapi/profiles/owner", { publicKey: finId, signature: signHash(profileProofHash(finId), privateKey) });
  const issuerId = String(profile.response?.id);
  const usd = { type: "fiat", code: "USD" };
  const asset = await post("/api/router/finapi/profiles/asset", { name: terms.name, issuerId, denomination: usd, decimals: 0, rules: {} });
  const assetId = String(asset.id);
  const tokens = { type: "p2p", resourceId: assetId };
  const now = Math.floor(Date.now() / 1000);
  const sale = await post(`/api/router/finapi/profiles/asset/${assetId}/intent`, {
    assetTerm: { asset: tokens, amount: terms.amount },
    assetInstruction: { account: { account: { type: "finId", finId, orgId: "node" }, asset: tokens } },
    settlementTerm: { asset: usd, unitValue: terms.unitValue },
    intent: {
      type: "primarySale",
      issuerId,
      sellingSettlementInstruction: { type: "escrow", whiteListedEscrows: ["escrow"], accounts: [{ asset: usd, identifier: { type: "finId", finId, orgId: "escrow" } }] },
    },
    start: now - 60,
    end: now + 3600,
  });
  await context.close();
  return { assetId, intentId: String(sale.id) };
}
