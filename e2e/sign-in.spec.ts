import { randomUUID } from "node:crypto";

import { expect, test, type Browser } from "./test";

import { signIn } from "./journey-helpers";
import { origin } from "./origin";
import { TEST_DEMO_PASSWORD as DEMO_PASSWORD } from "../tests/demo-password";

test.describe("signing in", () => {
  test("an investor signs in, sees the dashboard shell, and signs out", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/signin/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

    await page.getByLabel("Email").fill("alice@example.com");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByText("Welcome, Alice Investor.")).toBeVisible();
    const organizations = page.getByRole("list", { name: /Organizations/ });
    await expect(organizations.getByRole("listitem").filter({ hasText: "Built-in Escrow" })).toBeVisible();
    await expect(organizations.getByRole("listitem").filter({ hasText: "Demo Node" })).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/signin/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fdashboard/);
  });

  test("a wrong password is refused with a message and no session", async ({ page }) => {
    await page.goto("/signin");
    await page.getByLabel("Email").fill("bob@example.com");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /email or password is not right/ })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/signin/);
  });

  test("the sign-in page loads nothing from outside its origin", async ({ page }) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(origin())) foreign.push(request.url());
    });
    await page.goto("/signin");
    await page.waitForLoadState("networkidle");
    expect(foreign).toEqual([]);
  });

  test("after many failed sign-ins the browser does a short check, and the right password still signs in", async ({ page, browser }) => {
    const person = await newPerson(browser);
    const challenges: { bits: number }[] = [];
    page.on("response", async (response) => {
      if (response.url().endsWith("/api/auth/sign-in-challenge")) challenges.push((await response.json()) as { bits: number });
    });
    await page.goto("/signin");
    // Someone else's guesses: past the account's free failures, each try needs a proof of work.
    for (let guess = 1; guess <= 6; guess += 1) {
      await page.getByLabel("Email").fill(person.email);
      await page.getByLabel("Password").fill(`a-wrong-guess-${guess}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert").filter({ hasText: /email or password is not right/ })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    }
    expect(challenges.map((c) => c.bits > 0)).toEqual([false, false, false, false, false, true]);

    // The owner: the page does the check and signs in; no lock, no wait.
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    // The check is a few hundred thousand hashes: seconds on a slow, shared machine.
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
    expect(challenges.at(-1)?.bits).toBeGreaterThanOrEqual(16);
  });

  test("a disabled person with the right password is told the account is disabled", async ({ page, browser }) => {
    const person = await newPerson(browser, { disabled: true });
    await page.goto("/signin");
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "This account is disabled" })).toHaveText(
      "This account is disabled, so it cannot sign in. Ask an administrator of this service to enable it again.",
    );
    // A wrong password learns nothing about the account.
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /email or password is not right/ })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/signin/);
  });
});

/** A person the demo admin creates (and disables, when asked) through the API, with a password of their own. */
async function newPerson(browser: Browser, options: { disabled?: boolean } = {}): Promise<{ email: string; password: string }> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, "admin@example.com", DEMO_PASSWORD);
  const person = { email: `person-${randomUUID()}@example.test`, password: `password-${randomUUID()}` };
  const created = await admin.request.post("/api/router/admin/users", { data: { ...person, name: "Pat Person", role: "investor" } });
  expect(created.status(), await created.text()).toBe(201);
  if (options.disabled) {
    const { id } = (await created.json()) as { id: string };
    const disabled = await admin.request.patch(`/api/router/admin/users/${id}`, { data: { disabled: true } });
    expect(disabled.status(), await disabled.text()).toBe(200);
  }
  await context.close();
  return person;
}
