import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { everyColumn } from "./every-column";
import { migratedTestDatabase } from "./migrated-test-database";

describe("everyColumn", () => {
  const { database } = migratedTestDatabase();
  const columnsOf = (table: string) => (database.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => c.name);

  it("names exactly the columns every migrated table has, for every model", () => {
    const models = Object.values(Prisma.ModelName);
    expect(models.length).toBeGreaterThan(10);
    for (const model of models) {
      expect([...everyColumn(model)].sort(), model).toEqual(columnsOf(model).sort());
    }
  });

  it("gives the same array on every call", () => {
    expect(everyColumn("Plan")).toBe(everyColumn("Plan"));
    expect(everyColumn("Plan")).toContain("execution");
  });

  it("refuses a name that is not a model", () => {
    expect(() => everyColumn("NoSuchTable" as "Plan")).toThrow(/no NoSuchTableScalarFieldEnum/);
  });
});
