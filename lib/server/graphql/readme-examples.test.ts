// The README's GraphQL examples run against this schema: each parses, validates and is within the
// limits, so the documentation cannot drift from what the server accepts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { buildSchema, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { measureOperation, operationLimitError } from "@/lib/domain/graphql-limits";
import { typeDefs } from "./type-defs";

// Built here from the served type definitions: Vitest loads `graphql` twice (once for this file, once
// for @graphql-tools), and a schema from the other copy cannot be validated against.
const graphqlSchema = buildSchema(typeDefs);

const readme = readFileSync(path.join(process.cwd(), "README.md"), "utf8");
const section = readme.slice(readme.indexOf("### GraphQL"), readme.indexOf("## The built-in escrow organization"));
const examples = [...section.matchAll(/```graphql\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");

describe("README GraphQL examples", () => {
  it("are there", () => {
    expect(section.length).toBeGreaterThan(1000);
    expect(examples.length).toBeGreaterThanOrEqual(7);
  });

  it.each(examples.map((query) => [query.split("\n")[0], query]))("%s", (_title, query) => {
    const document = parse(query);
    expect(validate(graphqlSchema, document).map((e) => e.message)).toEqual([]);
    expect(operationLimitError(measureOperation(graphqlSchema, document))).toBeNull();
  });

  it("quotes the refusal the limits really give", () => {
    const costly = parse("{ assets(first: 100) { nodes { intents(first: 100) { nodes { assetTerm { asset { __typename } } } } } } }");
    const error = operationLimitError(measureOperation(graphqlSchema, costly));
    expect(section).toContain(error?.message.slice(0, 60));
  });
});
