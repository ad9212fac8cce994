import { buildSchema, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { GRAPHQL_LIMITS, measureOperation, operationLimitError, pageSize, selectOperation } from "./graphql-limits";

// A schema shaped like the service's: connections with `first`, a cycle (asset → intents → asset),
// a union, an unpaged list of objects.
const schema = buildSchema(/* GraphQL */ `
  type PageInfo { hasNextPage: Boolean! }
  type Asset { id: ID! name: String! intents(first: Int = 20, after: String): IntentConnection! }
  type AssetConnection { nodes: [Asset!]! pageInfo: PageInfo! }
  type Intent { id: ID! asset: Asset! accounts: [Account!]! terms: Terms! tags: [String!]! }
  type IntentConnection { nodes: [Intent!]! pageInfo: PageInfo! }
  type Account { finId: String! }
  type Sale { issuerId: ID! account: Account! }
  type Buy { buyer: ID! }
  union Terms = Sale | Buy
  type Query { serverTime: String! assets(first: Int = 20, after: String): AssetConnection! }
  type Subscription { intentAdded: Intent! }
`);

const measure = (query: string, variables?: Record<string, unknown>, operationName?: string) =>
  measureOperation(schema, parse(query), { variables, operationName });

describe("measureOperation: depth", () => {
  it("counts nested fields, a root field being level 1", () => {
    expect(measure("{ serverTime }").depth).toBe(1);
    expect(measure("{ assets { nodes { id } } }").depth).toBe(3);
    expect(measure("{ assets { nodes { intents { nodes { asset { name } } } } } }").depth).toBe(6);
  });

  it("follows fragments, named and inline, where they are spread", () => {
    const named = "query { assets { ...A } } fragment A on AssetConnection { nodes { intents { nodes { id } } } }";
    expect(measure(named).depth).toBe(5);
    expect(measure("{ assets { nodes { intents { nodes { terms { ... on Sale { account { finId } } } } } } } }").depth).toBe(7);
  });

  it("does not count introspection", () => {
    expect(measure("{ __schema { types { fields { type { ofType { ofType { ofType { name } } } } } } } }")).toEqual({ depth: 0, cost: 0 });
    expect(measure("{ __typename serverTime }").depth).toBe(1);
  });

  it("measures the operation named, among several", () => {
    const document = "query Shallow { serverTime } query Deep { assets { nodes { intents { nodes { id } } } } }";
    expect(measure(document, {}, "Shallow").depth).toBe(1);
    expect(measure(document, {}, "Deep").depth).toBe(5);
    expect(measure(document)).toEqual({ depth: 0, cost: 0 }); // ambiguous: the executor refuses it
  });
});

describe("measureOperation: cost", () => {
  it("counts object fields, scalars are free", () => {
    expect(measure("{ serverTime }").cost).toBe(0);
    // assets 1 + pageInfo 1
    expect(measure("{ assets { pageInfo { hasNextPage } } }").cost).toBe(2);
  });

  it("repeats a connection's nodes `first` times, the schema's default when left out", () => {
    // assets 1 + 20 × (node 1)
    expect(measure("{ assets { nodes { id } } }").cost).toBe(21);
    expect(measure("{ assets(first: 5) { nodes { id } } }").cost).toBe(6);
    expect(measure("query ($n: Int) { assets(first: $n) { nodes { id } } }", { n: 7 }).cost).toBe(8);
  });

  it("multiplies nested pages", () => {
    // assets 1 + 10 × (node 1 + intents 1 + 10 × (node 1))
    expect(measure("{ assets(first: 10) { nodes { intents(first: 10) { nodes { id } } } } }").cost).toBe(1 + 10 * (2 + 10));
  });

  it("clamps a page size to the limit (the resolver refuses the rest)", () => {
    expect(measure("{ assets(first: 100000) { nodes { id } } }").cost).toBe(1 + GRAPHQL_LIMITS.maxPageSize);
    expect(measure("{ assets(first: 0) { nodes { id } } }").cost).toBe(2);
  });

  it("assumes a fixed size for lists of objects without paging; lists of scalars are free", () => {
    // subscription root 1 + accounts 10 × 1
    expect(measure("subscription { intentAdded { accounts { finId } tags } }").cost).toBe(1 + GRAPHQL_LIMITS.unpagedListSize);
  });

  it("adds up fragments on every union member and every alias", () => {
    expect(measure("subscription { intentAdded { terms { ... on Sale { account { finId } } ... on Buy { buyer } } } }").cost).toBe(3);
    expect(measure("{ a: assets(first: 1) { nodes { id } } b: assets(first: 1) { nodes { id } } }").cost).toBe(4);
  });
});

describe("operationLimitError", () => {
  it("accepts what is within both limits", () => {
    expect(operationLimitError({ depth: GRAPHQL_LIMITS.maxDepth, cost: GRAPHQL_LIMITS.maxCost })).toBeNull();
  });

  it("refuses a query too deep first, naming depth and limit", () => {
    const error = operationLimitError({ depth: 12, cost: 1_000_000 });
    expect(error?.code).toBe("UNPROCESSABLE");
    expect(error?.message).toMatch(/too deep: 12 levels .* at most 10/);
  });

  it("refuses a query too costly, naming the estimate and limit", () => {
    const error = operationLimitError({ depth: 3, cost: 10_001 });
    expect(error?.code).toBe("UNPROCESSABLE");
    expect(error?.message).toMatch(/too costly: .* about 10001 objects, at most 10000/);
  });

  it("refuses the cyclic query a client could nest without end", () => {
    let query = "id";
    for (let i = 0; i < 6; i += 1) query = `intents { nodes { asset { ${query} } } }`;
    const measured = measure(`{ assets { nodes { ${query} } } }`);
    expect(measured.depth).toBeGreaterThan(GRAPHQL_LIMITS.maxDepth);
    expect(operationLimitError(measured)?.message).toMatch(/too deep/);
  });
});

describe("pageSize", () => {
  it("is the default when left out, the value when within 1..max", () => {
    expect(pageSize(undefined)).toBe(GRAPHQL_LIMITS.defaultPageSize);
    expect(pageSize(null)).toBe(GRAPHQL_LIMITS.defaultPageSize);
    expect(pageSize(1)).toBe(1);
    expect(pageSize(GRAPHQL_LIMITS.maxPageSize)).toBe(GRAPHQL_LIMITS.maxPageSize);
  });

  it.each([0, -1, GRAPHQL_LIMITS.maxPageSize + 1, 2.5])("refuses first = %s", (first) => {
    expect(() => pageSize(first)).toThrow(expect.objectContaining({ code: "VALIDATION_FAILED" }));
  });
});

describe("selectOperation", () => {
  it("finds the only operation, or the one named", () => {
    expect(selectOperation(parse("{ serverTime }"))?.operation).toBe("query");
    expect(selectOperation(parse("query A { serverTime } subscription B { intentAdded { id } }"), "B")?.operation).toBe("subscription");
    expect(selectOperation(parse("query A { serverTime }"), "C")).toBeNull();
  });
});
