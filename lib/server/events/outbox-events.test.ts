import { Kysely, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import type { DB } from "@/lib/generated/kysely/types";
import { migratedTestDatabase } from "@/lib/server/db/migrated-test-database";
import { dbDate } from "@/lib/server/db/sql";
import { planIdOfEvent, rememberParticipants, toEvents } from "./outbox-events";
import type { SequencedRow } from "./sequence-outbox";

describe("planIdOfEvent", () => {
  it("is a plan event's id and a receipt's settlementRef", () => {
    expect(planIdOfEvent("planAdded", { id: "node:106:a", status: "Pending" })).toBe("node:106:a");
    expect(planIdOfEvent("planChanged", { id: "node:106:b", status: "Approved" })).toBe("node:106:b");
    expect(planIdOfEvent("receiptAdded", { id: "receipt-uuid", settlementRef: "node:106:c" })).toBe("node:106:c");
  });

  it("is null for a payload without one", () => {
    expect(planIdOfEvent("planAdded", null)).toBeNull();
    expect(planIdOfEvent("receiptAdded", { id: "receipt-uuid" })).toBeNull();
    expect(planIdOfEvent("planChanged", { id: 7 })).toBeNull();
  });
});

describe("toEvents", () => {
  function planWith(database: ReturnType<typeof migratedTestDatabase>["database"], id: string, organizations: string[]) {
    const content = JSON.stringify({ participants: organizations.map((organizationId) => ({ organizationId, role: "escrow" })) });
    database
      .prepare(
        `INSERT INTO "Plan" ("id", "intentId", "executorUserId", "buyerFinId", "sellerFinId", "status", "stage", "quantity", "content", "execution", "createdAt", "updatedAt")
         VALUES (?, 'intent', 'user', 'buyer', 'seller', 'Pending', 'rules', '1', ?, '{}', ?, ?)`,
      )
      .run(id, content, dbDate(new Date(0)), dbDate(new Date(0)));
  }
  /** A migrated database and a Kysely over it that records every statement reading the Plan table. */
  function databaseCountingPlanReads() {
    const { database } = migratedTestDatabase();
    const planReads: string[] = [];
    const q = new Kysely<DB>({
      dialect: new SqliteDialect({ database }),
      log: (e) => {
        if (e.level === "query" && e.query.sql.includes(`from "Plan"`)) planReads.push(e.query.sql);
      },
    });
    return { database, q, planReads };
  }
  let sequence = 0;
  function row(kind: string, payload: unknown): SequencedRow {
    sequence += 1;
    return { id: `event-${sequence}`, kind, payload: JSON.stringify(payload), audience: JSON.stringify(["buyer"]), createdAt: dbDate(new Date(0)), publishedAt: null, sequence };
  }

  it("gives each event its plan's organizations, reading a plan's document once for all its events", async () => {
    const { database, q, planReads } = databaseCountingPlanReads();
    planWith(database, "plan-1", ["org-a", "org-b"]);
    planWith(database, "plan-2", ["org-c"]);
    const first = await toEvents([row("planAdded", { id: "plan-1" }), row("planChanged", { id: "plan-1" }), row("planAdded", { id: "plan-2" })], q);
    expect(first.map((e) => e.organizations)).toEqual([["org-a", "org-b"], ["org-a", "org-b"], ["org-c"]]);
    expect(planReads).toHaveLength(1);
    const second = await toEvents([row("receiptAdded", { id: "r", settlementRef: "plan-1" }), row("planChanged", { id: "plan-2" })], q);
    expect(second.map((e) => e.organizations)).toEqual([["org-a", "org-b"], ["org-c"]]);
    expect(planReads).toHaveLength(1);
    const unknownPlan = await toEvents([row("planChanged", { id: "plan-gone" }), row("planAdded", { id: "plan-1" })], q);
    expect(unknownPlan.map((e) => e.organizations)).toEqual([[], ["org-a", "org-b"]]);
    expect(planReads).toHaveLength(2);
  });

  it("gives a plan remembered at its execution its organizations without reading its document", async () => {
    const { database, q, planReads } = databaseCountingPlanReads();
    // In the table with other organizations than those remembered: what is remembered is what counts.
    planWith(database, "plan-executed-here", ["org-in-table"]);
    rememberParticipants("plan-executed-here", { participants: [{ organizationId: "org-token" }, { organizationId: "org-escrow" }] });
    const events = await toEvents([row("planAdded", { id: "plan-executed-here" }), row("receiptAdded", { id: "r", settlementRef: "plan-executed-here" })], q);
    expect(events.map((e) => e.organizations)).toEqual([["org-token", "org-escrow"], ["org-token", "org-escrow"]]);
    expect(planReads).toEqual([]);
  });
});
