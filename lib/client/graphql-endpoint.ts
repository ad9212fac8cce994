// Where the portal reads GraphQL: /api/graphql on this origin, over HTTP (lib/client/graphql-query.ts)
// and over graphql-ws (lib/client/graphql-socket-link.ts), and the key under which react-query keeps
// what it reads there. A module without imports, so that Apollo Client and the live updates of every
// page use these without loading the HTTP client, and the other way round (README "Page weight").
export const GRAPHQL_PATH = "/api/graphql";

/** The first element of every GraphQL query's key, so that an event can ask them all again. */
export const GRAPHQL_QUERY_KEY = ["graphql"] as const;
