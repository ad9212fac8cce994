// One example per query and subscription of the GraphQL schema, shown on the API reference page
// (/docs/api); a unit test validates each against the schema and checks that none is missing.
export type GraphqlExample = { field: string; kind: "query" | "subscription"; title: string; document: string; variables?: Record<string, unknown> };

export const GRAPHQL_EXAMPLES: readonly GraphqlExample[] = [
  { field: "serverTime", kind: "query", title: "The server's time", document: "query Now {\n  serverTime\n}" },
  { field: "viewer", kind: "query", title: "Who is asking (null when anonymous)", document: "query Me {\n  viewer { id email name role organizationId }\n}" },
  {
    field: "assets",
    kind: "query",
    title: "The active primary sales of every asset",
    document: `query ActiveSales($after: String) {
  assets(first: 50, after: $after) {
    nodes {
      id name organizationId
      intents(filter: [{ key: "type", operator: EQ, value: "primarySale" }, { key: "status", operator: EQ, value: "ACTIVE" }]) {
        nodes { id status remainingQuantity settlementTerm { unitValue } }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}`,
  },
  {
    field: "asset",
    kind: "query",
    title: "One asset and its rules",
    document: "query Asset($id: ID!) {\n  asset(id: $id) { id name issuerId decimals rules { kycAml accreditation } }\n}",
    variables: { id: "node:102:8c7d5a52-3f0e-4c55-9a55-0d1b6a7f1e01" },
  },
  {
    field: "intents",
    kind: "query",
    title: "Selling intents that can be taken now",
    document: `query Offers {
  intents(filter: [{ key: "type", operator: EQ, value: "sellingIntent" }, { key: "status", operator: EQ, value: "ACTIVE" }], first: 20) {
    nodes { id type status start end remainingQuantity assetTerm { amount } settlementTerm { unitValue } }
    pageInfo { hasNextPage endCursor }
  }
}`,
  },
  {
    field: "plans",
    kind: "query",
    title: "The caller's plans with their receipts",
    document: `query MyPlans($after: String) {
  plans(first: 20, after: $after) {
    nodes { id status creationTimestamp quantity failureReason intent { id type } receipts { id quantity settlementRef } }
    pageInfo { hasNextPage endCursor }
  }
}`,
  },
  {
    field: "plan",
    kind: "query",
    title: "One plan (null when the caller may not see it)",
    document: "query Plan($id: ID!) {\n  plan(id: $id) { id status currentInstructionSequence failureReason }\n}",
    variables: { id: "node:106:4d5e6f7a-8b9c-4d4e-8f5a-6b7c8d9e0f1a" },
  },
  {
    field: "receipts",
    kind: "query",
    title: "One trade's two receipts",
    document: `query TradeReceipts($planId: String!) {
  receipts(settlementRef: $planId) {
    nodes {
      id quantity timestamp settlementRef transactionId
      asset { ... on FiatAsset { code } ... on P2PAsset { resourceId } }
      source { id publicKey }
      destination { id publicKey }
      tradeDetails { executionPlanId intent { id type } }
    }
  }
}`,
    variables: { planId: "node:106:4d5e6f7a-8b9c-4d4e-8f5a-6b7c8d9e0f1a" },
  },
  {
    field: "profiles",
    kind: "query",
    title: "The caller's profiles and their certificates",
    document: "query MyProfiles {\n  profiles { nodes { id publicKey createdAt sharedWith certificates { nodes { type expiry expired } } } }\n}",
  },
  {
    field: "holdings",
    kind: "query",
    title: "Holdings of all the caller's profiles",
    document: "query MyHoldings {\n  holdings(first: 50) { nodes { profileId balance held available asset { ... on FiatAsset { code } ... on P2PAsset { resourceId } } } }\n}",
  },
  { field: "planAdded", kind: "subscription", title: "A plan was made that the caller may see", document: "subscription PlanAdded {\n  planAdded { id status creationTimestamp intent { id } }\n}" },
  {
    field: "plansChangedBy",
    kind: "subscription",
    title: "Status changes of the caller's plans",
    document: "subscription PlanStatus {\n  plansChangedBy(fieldNames: [Status]) { id status creationTimestamp intent { id } }\n}",
  },
  {
    field: "receiptAdded",
    kind: "subscription",
    title: "Receipts of the caller's trades",
    document: "subscription Receipts {\n  receiptAdded { id quantity settlementRef asset { ... on FiatAsset { code } ... on P2PAsset { resourceId } } tradeDetails { intent { id } } }\n}",
  },
  { field: "heartbeat", kind: "subscription", title: "A beat a second, proving the socket is alive", document: "subscription Beat {\n  heartbeat(intervalMs: 1000) { sequence serverTime }\n}" },
];
