import { readFileSync } from "node:fs";
import { buildSchema, parse, print, validate, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";

import * as documents from "@/lib/client/graphql/portal-operations";
import * as requests from "@/lib/client/graphql/portal-query-requests";
import { typeDefs } from "@/lib/server/graphql/type-defs";

import { compileOperations, deriveDocumentsModule, deriveRequestsModule, DOCUMENTS_FILE, OPERATIONS_SOURCE, REQUESTS_FILE } from "./graphql-documents";

const source = readFileSync(OPERATIONS_SOURCE, "utf8");

describe("lib/client/graphql/portal-operations.ts", () => {
  it("is compiled from portal-operations.graphql (npm run graphql:documents)", () => {
    expect(readFileSync(DOCUMENTS_FILE, "utf8")).toBe(deriveDocumentsModule(source));
  });

  it("holds what graphql's parser makes of each operation, with the fragments it spreads", () => {
    expect(Object.keys(documents).sort()).toEqual([...compileOperations(source).keys()].sort());
    for (const [name, document] of Object.entries(documents)) {
      expect(parse(print(document), { noLocation: true }), name).toEqual(document);
    }
    const receipts = documents.PortalReceipts.definitions.map((d) => ("name" in d ? d.name?.value : undefined));
    expect(receipts).toEqual(["PortalReceipts", "PortalReceiptFields", "PortalFiatAsset", "PortalTokenAsset", "PortalCoinAsset"]);
  });

  it("validates every operation against the schema the server serves", () => {
    const schema = buildSchema(typeDefs);
    for (const [name, document] of Object.entries(documents)) expect(validate(schema, document).map((e) => e.message), name).toEqual([]);
  });

  it("refuses a spread of a fragment that is not defined, and an operation without a name", () => {
    expect(() => compileOperations("query A { plans(first: 1) { ...Missing } }")).toThrow(/fragment Missing/);
    expect(() => compileOperations("{ plans(first: 1) { nodes { id } } }")).toThrow(/needs a name/);
  });
});

describe("lib/client/graphql/portal-query-requests.ts", () => {
  const queries = [...compileOperations(source)].filter(([, document]) => (document.definitions[0] as OperationDefinitionNode).operation === "query");

  it("is compiled from portal-operations.graphql (npm run graphql:documents)", () => {
    expect(readFileSync(REQUESTS_FILE, "utf8")).toBe(deriveRequestsModule(source));
  });

  it("holds each query, and only the queries, as sent over HTTP: its name, and text of which the parser makes its document", () => {
    expect(queries.map(([name]) => name)).toEqual(expect.arrayContaining(["PortalPlans", "PortalOverview"]));
    const byName = new Map(Object.values(requests).map((request) => [request.operationName, request.query]));
    expect([...byName.keys()].sort()).toEqual(queries.map(([name]) => name).sort());
    for (const [name, document] of queries) {
      const text = byName.get(name) ?? "";
      expect(text, name).not.toContain("\n");
      expect(parse(text, { noLocation: true }), name).toEqual(document);
    }
  });
});
