// Accessibility checks with axe-core, evaluated from node_modules in the page (through DevTools, which
// the page's Content-Security-Policy does not govern: a script tag without the nonce would be refused):
// nothing loads from elsewhere; a check axe lacks, forms nested in forms; and the policy violations
// seen so far (e2e/csp.ts). Journeys call it on the states they reach.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import type { Page } from "@playwright/test";
import { cspViolations } from "./csp";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * Forms inside forms, one line each. HTML forbids them (a parser drops the inner tag, so only
 * script-built pages have them) and browsers submit the outer form's fields with the wrong one: a
 * passphrase typed into a nested unlock form once travelled in the page's URL. axe does not check it.
 */
export async function nestedForms(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("form form")).map((inner) => {
      const name = inner.getAttribute("aria-label") ?? inner.querySelector("label, legend, button")?.textContent ?? "";
      return `nested-form (serious): a form inside a form, at form ${JSON.stringify(name.trim().slice(0, 80))}`;
    }),
  );
}

/** The serious and critical WCAG 2.1 A/AA violations of the page as it is now, any nested form and any CSP violation so far, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const nested = await nestedForms(page);
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations;
  });
  return [
    ...cspViolations(),
    ...nested,
    ...violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ];
}
