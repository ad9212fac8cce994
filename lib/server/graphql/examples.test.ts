import { buildSchema, parse, validate, type GraphQLObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { GRAPHQL_EXAMPLES } from "./examples";
import { typeDefs } from "./type-defs";

const schema = buildSchema(typeDefs);

describe("the GraphQL examples of the API reference page", () => {
  it("cover every query and subscription of the schema", () => {
    const fields = (type: GraphQLObjectType | null | undefined) => Object.keys(type?.getFields() ?? {}).sort();
    expect([...new Set(GRAPHQL_EXAMPLES.filter((e) => e.kind === "query").map((e) => e.field))].sort()).toEqual(fields(schema.getQueryType()));
    expect([...new Set(GRAPHQL_EXAMPLES.filter((e) => e.kind === "subscription").map((e) => e.field))].sort()).toEqual(fields(schema.getSubscriptionType()));
  });

  it.each(GRAPHQL_EXAMPLES.map((e) => [e.title, e] as const))("%s: valid against the schema, and asks for its field", (_title, example) => {
    const document = parse(example.document);
    expect(validate(schema, document).map((e) => e.message)).toEqual([]);
    expect(example.document).toMatch(new RegExp(`^${example.kind} `));
    expect(example.document).toContain(`${example.field}`);
  });
});
