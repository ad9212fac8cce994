// Watches every page of a browser context for Content-Security-Policy violations: the browser's own
// `securitypolicyviolation` events (reported from a script added before any of the page's, through a
// binding, neither of which the page's policy governs) and its console messages about refusals. The
// e2e test fixture (e2e/test.ts) watches every context a test opens and fails the test on any.
import type { BrowserContext } from "@playwright/test";

type Reported = { directive: string; blocked: string; source: string; line: number; sample: string; page: string };

const watched = new WeakSet<BrowserContext>();
let sink: string[] = [];

/** Where violations go from now on (one list per test); answers that list. */
export function collectViolationsInto(list: string[]): string[] {
  sink = list;
  return list;
}

/** The violations collected so far for the running test. */
export function cspViolations(): readonly string[] {
  return sink;
}

/** Takes the violations collected so far out of the list (for a test that causes one on purpose). */
export function takeViolations(): string[] {
  return sink.splice(0, sink.length);
}

export async function watchContentSecurityPolicy(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding("__reportCspViolation", (_source, v: Reported) => {
    sink.push(`CSP violation on ${v.page}: ${v.directive} refused ${v.blocked || "(inline)"} at ${v.source}:${v.line} ${v.sample}`.trim());
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportCspViolation?: (v: unknown) => void }).__reportCspViolation;
      report?.({ directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber, sample: e.sample, page: location.pathname });
    });
  });
  context.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) sink.push(`CSP console error: ${message.text()}`);
  });
}
