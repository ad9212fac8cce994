import { describe, expect, it } from "vitest";
import { metrics, renderMetrics } from "@/lib/server/metrics/metrics";
import { sqlCounter } from "./sql-counter";

const value = (layer: string, outcome?: string) =>
  outcome ? metrics.dbTransactions.child({ layer, outcome }).value : metrics.dbStatements.child({ layer }).value;

describe("sqlCounter", () => {
  it("counts statements, and transactions by how they end, per layer", () => {
    const before = { statements: value("sql"), commits: value("sql", "commit"), rollbacks: value("sql", "rollback"), prisma: value("prisma") };
    const count = sqlCounter("sql");
    for (const text of ["begin", 'select "id" from "Plan" where "id" = ?', 'update "Plan" set "status" = ? where "id" = ?', "commit"]) count(text);
    for (const text of ["BEGIN", "insert into t values (?)", "ROLLBACK;", "begin transaction", "savepoint a", "rollback to savepoint a", "END"]) count(text);
    expect(value("sql") - before.statements).toBe(5);
    expect(value("sql", "commit") - before.commits).toBe(2);
    expect(value("sql", "rollback") - before.rollbacks).toBe(1);
    expect(value("prisma")).toBe(before.prisma);
  });

  it("shows the counts in the Prometheus text by layer", async () => {
    sqlCounter("prisma")("SELECT 1");
    const { text, contentType } = await renderMetrics();
    expect(contentType).toMatch(/^text\/plain/);
    expect(text).toContain("# TYPE tan_db_statements_total counter");
    expect(text).toMatch(new RegExp(`^tan_db_statements_total\\{layer="prisma"\\} ${value("prisma")}$`, "m"));
    expect(text).toMatch(/^tan_db_transactions_total\{layer="sql",outcome="commit"\} \d+$/m);
    // prom-client's process metrics come with them.
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });
});
