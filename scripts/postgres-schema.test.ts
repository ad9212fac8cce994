import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { derivePostgresSchema, POSTGRES_SCHEMA, SQLITE_SCHEMA } from "./postgres-schema";

describe("the PostgreSQL schema", () => {
  it("is the SQLite schema with the PostgreSQL provider, kept in sync (npm run db:postgres-schema)", () => {
    expect(readFileSync(POSTGRES_SCHEMA, "utf8")).toBe(derivePostgresSchema(readFileSync(SQLITE_SCHEMA, "utf8")));
  });

  it("changes only the provider, the URL variable and the client's output directory", () => {
    const derived = derivePostgresSchema(
      'generator client {\n  output = "../lib/generated/prisma"\n}\ndatasource db {\n  provider = "sqlite"\n  url = env("SQLITE_DATABASE_URL")\n}\n',
    );
    expect(derived).toContain('provider = "postgresql"');
    expect(derived).toContain('url = env("POSTGRES_DATABASE_URL")');
    expect(derived).toContain('output = "../../lib/generated/prisma-pg"');
    expect(() => derivePostgresSchema("model A { id String @id }")).toThrow(/not found/);
  });
});
