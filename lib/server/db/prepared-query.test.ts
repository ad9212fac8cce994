import { afterEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { DummyDriver, Kysely, sql, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type Dialect, type Generated } from "kysely";
import { groupCommitTestDatabase as testDatabase, removeTestDatabases } from "./group-commit-test-database";
import { PREPARED_SHAPES_MAX, preparedFor } from "./prepared-query";
import { makeTransactions } from "./transactions";

afterEach(removeTestDatabases);

type Schema = { t: { id: Generated<number>; name: string } };
const prepared = preparedFor<Schema>();

function groupCommitTestDatabase() {
  const base = testDatabase();
  return { ...base, db: base.db as unknown as Kysely<Schema> };
}

const byName = prepared((db, a: { name: string }) => db.selectFrom("t").select(["id", "name"]).where("name", "=", a.name));
const byNames = prepared((db, a: { names: readonly string[] }) => db.selectFrom("t").select("name").where("name", "in", a.names).orderBy("name"));
const insertRows = prepared((db, a: { names: readonly string[] }) => db.insertInto("t").values(a.names.map((name) => ({ name }))));
const insertOne = prepared((db, a: { id: number | undefined; name: string }) => db.insertInto("t").values({ id: a.id, name: a.name }));
const rename = prepared((db, a: { from: string; to: string }) =>
  db
    .updateTable("t")
    .set({ name: a.to })
    .where("name", "=", a.from)
    .where("id", ">", 0), // a constant of the query, kept among the parameters
);

describe("prepared queries", () => {
  it("answer as the builder would, for every shape of their arguments", async () => {
    const { db } = groupCommitTestDatabase();
    await insertRows.changes(db, { names: ["a", "b", "c"] });
    await insertOne.changes(db, { id: 10, name: "ten" });
    await insertOne.changes(db, { id: undefined, name: "eleven" });
    expect(await byName.first(db, { name: "ten" })).toEqual({ id: 10, name: "ten" });
    expect(await byName.first(db, { name: "eleven" })).toEqual({ id: 11, name: "eleven" });
    expect(await byName.first(db, { name: "nobody" })).toBeUndefined();
    expect(await byNames.all(db, { names: ["c", "a"] })).toEqual([{ name: "a" }, { name: "c" }]);
    expect(await byNames.all(db, { names: ["b"] })).toEqual([{ name: "b" }]);
    expect(await rename.changes(db, { from: "b", to: "bee" })).toBe(1);
    expect(await rename.changes(db, { from: "b", to: "bee" })).toBe(0);
    const builder = await db.selectFrom("t").select("name").orderBy("id").execute();
    expect(builder.map((r) => r.name)).toEqual(["a", "bee", "c", "ten", "eleven"]);
  });

  it("build one SQL text per shape and reuse the same string", () => {
    const { db } = groupCommitTestDatabase();
    const two = byNames.sqlFor(db, { names: ["x", "y"] });
    expect(two).toBe('select "name" from "t" where "name" in (?, ?) order by "name"');
    expect(byNames.sqlFor(db, { names: ["p", "q"] })).toBe(two);
    expect(byNames.sqlFor(db, { names: ["p"] })).toBe('select "name" from "t" where "name" in (?) order by "name"');
    expect(insertOne.sqlFor(db, { id: undefined, name: "n" })).toBe('insert into "t" ("name") values (?)');
    expect(insertOne.sqlFor(db, { id: 1, name: "n" })).toBe('insert into "t" ("id", "name") values (?, ?)');
  });

  it("write the SQL of each call's own shape, whatever shapes came before", () => {
    const { db } = groupCommitTestDatabase();
    type Args = { id?: number | undefined; name?: string | undefined; names?: readonly string[] | undefined };
    const build = (k: Kysely<Schema>, a: Args) => {
      let q = k.selectFrom("t").select("name");
      if (a.id !== undefined) q = q.where("id", "=", a.id);
      if (a.name !== undefined) q = q.where("name", "=", a.name);
      if (a.names !== undefined) q = q.where("name", "in", a.names);
      return q;
    };
    const kept = prepared(build);
    // Keys in either order, each absent, undefined or present (an array of 1 to 3), as callers may send them.
    const value = (key: "id" | "name" | "names"): fc.Arbitrary<number | string | string[]> =>
      key === "id" ? fc.integer({ min: 1, max: 9 }) : key === "name" ? fc.constantFrom("a", "b") : fc.array(fc.constantFrom("a", "b"), { minLength: 1, maxLength: 3 });
    const argsOf = fc
      .shuffledSubarray(["id", "name", "names"] as const)
      .chain((keys) => fc.tuple(...keys.map((key) => fc.option(value(key), { nil: undefined }).map((v) => [key, v] as const))))
      .map((entries) => Object.fromEntries(entries) as Args);
    fc.assert(
      fc.property(fc.array(argsOf, { minLength: 1, maxLength: 12 }), (calls) => {
        for (const args of calls) {
          // A query of its own each time: built for this call's arguments, nothing kept from before.
          expect(kept.sqlFor(db, args)).toBe(prepared(build).sqlFor(db, args));
        }
      }),
    );
  });

  it("keep at most PREPARED_SHAPES_MAX shapes, and still answer right for shapes past them", async () => {
    const { db } = groupCommitTestDatabase();
    let builds = 0;
    const counted = prepared((k, a: { names: readonly string[] }) => {
      builds += 1;
      return k.selectFrom("t").select("name").where("name", "in", a.names);
    });
    const names = (n: number) => Array.from({ length: n }, (_, i) => `n${i}`);
    await insertRows.changes(db, { names: names(3) });
    for (let n = 1; n <= PREPARED_SHAPES_MAX + 2; n += 1) await counted.all(db, { names: names(n) });
    expect(builds).toBe(PREPARED_SHAPES_MAX + 2);
    // Kept shapes are not built again; shapes past the limit are, every time, and answer the same.
    await counted.all(db, { names: names(1) });
    expect(builds).toBe(PREPARED_SHAPES_MAX + 2);
    expect(await counted.all(db, { names: names(PREPARED_SHAPES_MAX + 2) })).toHaveLength(3);
    expect(builds).toBe(PREPARED_SHAPES_MAX + 3);
  });

  it("run inside the transaction of the handle they are given, and roll back with it", async () => {
    const base = groupCommitTestDatabase();
    const { inTransaction } = makeTransactions(base.db, {});
    await expect(
      inTransaction(async (tx) => {
        await insertOne.changes(tx, { id: undefined, name: "undone" });
        expect(await byName.first(tx, { name: "undone" })).toMatchObject({ name: "undone" });
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(base.committedNames()).toEqual([]);
    await inTransaction((tx) => insertOne.changes(tx, { id: undefined, name: "kept" }));
    expect(base.committedNames()).toEqual(["kept"]);
  });

  it("write each dialect's own SQL", () => {
    const { db } = groupCommitTestDatabase();
    const compileOnly: Dialect = {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    };
    const pg = new Kysely<Schema>({ dialect: compileOnly });
    expect(byNames.sqlFor(pg, { names: ["x", "y"] })).toBe('select "name" from "t" where "name" in ($1, $2) order by "name"');
    expect(byNames.sqlFor(db, { names: ["x", "y"] })).toBe('select "name" from "t" where "name" in (?, ?) order by "name"');
  });

  it("refuse a build that computes with an argument instead of passing it on", () => {
    const { db } = groupCommitTestDatabase();
    // A build that looks at a value (here: writes it into raw SQL) sees the placeholder, not the value.
    const inlined = prepared((k, a: { name: string }) => k.selectFrom("t").selectAll().where(sql.raw<boolean>(`"name" = '${String(a.name)}'`)));
    expect(() => inlined.sqlFor(db, { name: "x" })).toThrow(/computed with an argument/);
    const computed = prepared((k, a: { name: string }) => k.updateTable("t").set({ name: `${String(a.name)}!` }));
    expect(() => computed.sqlFor(db, { name: "x" })).toThrow(/computed with an argument/);
  });

  it("with the unit executor: run in their unit without Kysely's executor, answer the same, commit before answering, and roll back with their transaction", async () => {
    const base = groupCommitTestDatabase();
    const { inTransaction } = makeTransactions(base.db, {});
    const direct = preparedFor<Schema>(base.direct);
    const directInsert = direct((db, a: { name: string }) => db.insertInto("t").values({ name: a.name }));
    const directByName = direct((db, a: { name: string }) => db.selectFrom("t").select(["id", "name"]).where("name", "=", a.name));
    const directRename = direct((db, a: { from: string; to: string }) => db.updateTable("t").set({ name: a.to }).where("name", "=", a.from));

    // Outside any transaction: a unit of its own, committed when it answers, still not through Kysely.
    const instanceQuery = vi.spyOn(base.db.getExecutor(), "executeQuery");
    const groupsBefore = base.counted.groups.length;
    await directInsert.changes(base.db, { name: "outside" });
    expect(base.committedNames()).toEqual(["outside"]);
    expect(base.counted.groups.length).toBe(groupsBefore + 1);
    expect(await directByName.first(base.db, { name: "outside" })).toEqual(await byName.first(base.db, { name: "outside" }));
    expect(instanceQuery).toHaveBeenCalledTimes(1); // the builder's byName just above
    instanceQuery.mockClear();
    // A statement that fails outside a transaction ends its unit: the next one gets its turn.
    await expect(directInsert.changes(base.db, { name: "outside" })).rejects.toThrow(/UNIQUE/);
    expect(await directByName.first(base.db, { name: "outside" })).toMatchObject({ name: "outside" });

    await expect(
      inTransaction(async (tx) => {
        const txQuery = vi.spyOn(tx, "executeQuery");
        expect(await directInsert.changes(tx, { name: "inside" })).toBe(1);
        // Through the handle and through the instance: the same unit, seeing the uncommitted row.
        expect(await directByName.first(tx, { name: "inside" })).toEqual(await byName.first(tx, { name: "inside" }));
        expect(await directByName.first(base.db, { name: "inside" })).toMatchObject({ name: "inside" });
        expect(await directRename.changes(tx, { from: "outside", to: "renamed" })).toBe(1);
        expect(await directRename.changes(tx, { from: "nobody", to: "x" })).toBe(0);
        expect(txQuery).toHaveBeenCalledTimes(1); // the builder's byName above, not the direct ones
        expect(instanceQuery).not.toHaveBeenCalled();
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(base.committedNames()).toEqual(["outside"]);

    await inTransaction(async (tx) => {
      await directInsert.changes(tx, { name: "kept" });
      await directRename.changes(tx, { from: "outside", to: "renamed" });
    });
    expect(base.committedNames()).toEqual(["renamed", "kept"]);
    // A handle of a transaction that is over goes through Kysely, as before, which refuses it.
    let finished: unknown = null;
    await inTransaction(async (tx) => {
      finished = tx;
    });
    await expect(directByName.first(finished as Kysely<Schema>, { name: "kept" })).rejects.toThrow(/already committed/);
  });
});
