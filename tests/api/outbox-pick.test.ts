// PostgreSQL: the publisher's pick of the outbox rows it has yet to number can be served by the
// partial index made for it (prisma/postgresql/migrations/20261129213000_outbox_unnumbered_index), in its
// order, without a sort. Without the index the pick visited every version of a row that the
// numbering left behind until VACUUM came (hundreds of pages a batch under the trade benchmark).
// SQLite has no such versions and no such index: skipped there.
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { UNNUMBERED_IN_ORDER } from "@/lib/server/events/unnumbered";

type PlanNode = { "Node Type": string; "Index Name"?: string; Plans?: PlanNode[] };

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

describe.skipIf(!process.env.TEST_POSTGRES_URL)("the outbox publisher's pick (PostgreSQL)", () => {
  it("reads EventOutbox_unnumbered_idx in the pick's order, with no sort and no other scan", async () => {
    const client = new pg.Client({ connectionString: inject("databaseUrl") });
    await client.connect();
    try {
      const [index] = (await client.query<{ indexdef: string }>(`select indexdef from pg_indexes where indexname = 'EventOutbox_unnumbered_idx'`)).rows;
      expect(index?.indexdef).toMatch(/\("createdAt", id\) WHERE \(\("publishedAt" IS NULL\) AND \(sequence IS NULL\)\)$/);
      // Which plan PostgreSQL picks for a test run's small table depends on its statistics of the
      // moment (a whole read, or the index on publishedAt and a sort of the rows found, can cost the
      // same there). What is asked is that this index serves the pick in its order, so reads of the
      // whole table and sorts are priced out: the one plan left must then be a scan of this index.
      await client.query("set enable_seqscan = off");
      await client.query("set enable_bitmapscan = off");
      await client.query("set enable_sort = off");
      const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(`explain (format json) select "id" ${UNNUMBERED_IN_ORDER} limit 100`);
      const nodes = nodesOf(rows[0]!["QUERY PLAN"][0].Plan);
      const scans = nodes.filter((n) => /Scan/.test(n["Node Type"]));
      // The pick needs only the index's own columns, so PostgreSQL may answer from the index alone.
      expect(scans.map((n) => n["Index Name"])).toEqual(["EventOutbox_unnumbered_idx"]);
      expect(scans[0]?.["Node Type"]).toMatch(/^Index (Only )?Scan$/);
      expect(nodes.map((n) => n["Node Type"])).not.toContain("Sort");
    } finally {
      await client.end();
    }
  });
});
