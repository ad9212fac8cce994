// The API reference page (/docs/api): every OpenAPI document rendered by the bundled reference
// renderer, nothing loaded from another origin, no console error and no Content-Security-Policy
// violation (the fixture of e2e/test.ts fails the test on any); the GraphQL schema and examples; and
// the policy itself: a nonce per answer, and a script injected without it refused.
import { takeViolations } from "./csp";
import { origin } from "./origin";
import { expect, test, type Page } from "./test";

const DOCUMENTS = [
  { link: "Router", operation: "Execute an intent: checks everything, reserves, records the plan" },
  { link: "Payments adapter", operation: "Hold the buyer's funds (plan step 1)" },
  { link: "Account proof", operation: "Submit the signed challenge (verified asynchronously)" },
  { link: "This node", operation: "Prometheus metrics of this process" },
];

/** An operation's heading in the reference's content (its sidebar entry may sit in a folded group). */
const operationHeading = (page: Page, summary: string) => page.getByRole("heading", { name: summary }).first();

test("the API reference renders the four OpenAPI documents from this app, with no console error", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (/^https?:/.test(url) && !url.startsWith(origin())) elsewhere.push(url);
  });

  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  const documents = page.getByRole("navigation", { name: "OpenAPI documents" });
  for (const { link, operation } of DOCUMENTS) {
    await documents.getByRole("link", { name: link, exact: true }).click();
    await expect(documents.getByRole("link", { name: link, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(operationHeading(page, operation)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("status").filter({ hasText: `${link} reference loaded.` })).toBeAttached();
  }
  // The adapter's hold shows its request schema and the refusals it declares.
  await documents.getByRole("link", { name: "Payments adapter", exact: true }).click();
  await expect(operationHeading(page, "Hold the buyer's funds (plan step 1)")).toBeVisible({ timeout: 30_000 });

  await expect(page.getByRole("heading", { name: "GraphQL" })).toBeVisible();
  for (const field of ["assets", "plans", "receipts", "planAdded", "plansChangedBy", "receiptAdded", "heartbeat"]) {
    await expect(page.getByLabel(`Example: ${field}`, { exact: true })).toBeVisible();
  }
  await page.getByText("The schema (SDL)").click();
  await expect(page.getByLabel("GraphQL schema")).toContainText("type Subscription");

  expect(elsewhere, "requests to other origins").toEqual([]);
  expect(errors, "console errors").toEqual([]);
});

test("every page answer carries its own nonce; an injected inline script is refused and reported", async ({ page }) => {
  const first = await page.goto("/docs/api");
  const second = await page.goto("/docs/api?document=adapter");
  const policies = [first, second].map((answer) => answer?.headers()["content-security-policy"] ?? "");
  const nonces = policies.map((policy) => /'nonce-([^']+)'/.exec(policy)?.[1]);
  expect(nonces[0]).toBeTruthy();
  expect(nonces[0]).not.toBe(nonces[1]);
  for (const policy of policies) {
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).not.toContain("unsafe-eval");
  }
  // Next's own scripts carry the nonce and ran (the page is interactive: the reference loaded).
  await expect(operationHeading(page, "Hold the buyer's funds (plan step 1)")).toBeVisible({ timeout: 30_000 });

  // Markup injected into the page (as an injection flaw would put it there) with an inline handler:
  // the policy has no 'unsafe-inline' for scripts, so the handler never runs and the browser reports it.
  const ran = await page.evaluate(async () => {
    const holder = document.createElement("div");
    holder.innerHTML = '<img alt="" src="data:image/png;base64,AA==" onerror="window.__injected = true">';
    document.body.append(holder);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => takeViolations().length > 0 || null, { timeout: 5_000 }).toBe(true);
});

test("the documents are served as JSON from this node, and the API's answers forbid rendering", async ({ request }) => {
  for (const name of ["router", "adapter", "proof", "node"]) {
    const answer = await request.get(`/api/openapi/${name}.json`);
    expect(answer.status()).toBe(200);
    expect((await answer.json()).openapi).toMatch(/^3\.1\./);
    expect(answer.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  }
});
