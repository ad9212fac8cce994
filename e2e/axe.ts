// Accessibility checks with axe-core, injected from node_modules as a script tag's content: nothing
// loads from elsewhere. Journeys call it on the states they reach.
import { createRequire } from "node:module";

import type { Page } from "@playwright/test";

const AXE_SOURCE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** The serious and critical WCAG 2.1 A/AA violations of the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SOURCE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
