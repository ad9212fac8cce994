import { describe, expect, it } from "vitest";
import { StatementNames } from "./pg-statement-names";

describe("StatementNames", () => {
  it("gives a text the same name on every call and another text another name", () => {
    const names = new StatementNames(10);
    const a = names.nameOf('select "id" from "Plan" where "id" = $1', 1);
    const b = names.nameOf('update "Plan" set "stage" = $1 where "id" = $2', 2);
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a).not.toBe(b);
    expect(names.nameOf('select "id" from "Plan" where "id" = $1', 1)).toBe(a);
    expect(names.size).toBe(2);
  });

  it("leaves a text without parameters unnamed (BEGIN, COMMIT stay on the simple protocol)", () => {
    const names = new StatementNames(10);
    expect(names.nameOf("begin", 0)).toBeUndefined();
    expect(names.nameOf("commit", 0)).toBeUndefined();
    expect(names.size).toBe(0);
  });

  it("names no new text past its bound, and keeps the names it gave", () => {
    const names = new StatementNames(3);
    const given = [1, 2, 3].map((n) => names.nameOf(`select ${n} where $1`, 1));
    expect(new Set(given).size).toBe(3);
    expect(names.nameOf("select 4 where $1", 1)).toBeUndefined();
    expect(names.nameOf("select 4 where $1", 1)).toBeUndefined();
    expect([1, 2, 3].map((n) => names.nameOf(`select ${n} where $1`, 1))).toEqual(given);
    expect(names.size).toBe(3);
  });

  it("keeps its names apart from other users of the connection by a prefix", () => {
    const names = new StatementNames(5, "x_");
    expect(names.nameOf("select $1", 1)).toBe("x_0");
  });

  it("leaves a text whose result columns are a table's whole definition unnamed, so a column added by a migration cannot break it", () => {
    const names = new StatementNames(10);
    expect(names.nameOf('select * from "Plan" where "id" = $1', 1)).toBeUndefined();
    expect(names.nameOf('select "Plan".* from "Plan" where "id" = $1', 1)).toBeUndefined();
    expect(names.nameOf('select "a", * from "Plan" where "id" = $1', 1)).toBeUndefined();
    expect(names.nameOf('update "Plan" set "stage" = $1 where "id" = $2 returning *', 2)).toBeUndefined();
    expect(names.size).toBe(0);
    expect(names.nameOf('select count(*) as "n" from "Plan" where "status" = $1', 1)).toBeDefined();
    expect(names.nameOf('update "Plan" set "stage" = $1 where "id" = $2 returning "id", "stage"', 2)).toBeDefined();
  });
});
