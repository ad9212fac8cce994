import { expect, test } from "@playwright/test";
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
    const organizations = page.getByRole("table", { name: /Organizations/ });
    await expect(organizations.getByRole("row", { name: /Built-in Escrow/ })).toBeVisible();
    await expect(organizations.getByRole("row", { name: /Node node/ })).toBeVisible();

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
});
