// Prints one closing line over every test run of npm test: "N passed, N failed".
import { existsSync, readFileSync } from "node:fs";

type Counts = { passed: number; failed: number; skipped: number };
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];

function add(label: string, counts: Counts): void {
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  lines.push(`  ${label.padEnd(16)} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}

for (const name of ["unit", "api", "api-escrow-http", "api-postgres"]) {
  const file = `.tmp/reports/${name}.json`;
  if (!existsSync(file)) continue;
  const r = JSON.parse(readFileSync(file, "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  add(name, { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests });
}
const e2e = ".tmp/reports/e2e.json";
if (existsSync(e2e)) {
  const r = JSON.parse(readFileSync(e2e, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  add("e2e", { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped });
}
console.log(`\nTest summary:\n${lines.join("\n")}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
