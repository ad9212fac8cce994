// How the built-in escrow organization calls the router, like any payment organization would: at
// ESCROW_ROUTER_URL (over HTTP, or in-process when that is this node's own router: fetch-organization.ts), with the bearer token it was given (its own organization user), a
// timeout on every call.
import { env } from "@/lib/env";
import { openSecret } from "@/lib/server/crypto/secret-box";
import { prepared, sqlDb } from "@/lib/server/db/sql";
import { callOrganization, type OrganizationAnswer } from "@/lib/server/http/fetch-organization";
import { ORGANIZATION_CACHE_TTL_MS } from "@/lib/server/organizations/organization-cache";
import { nowMs } from "@/lib/server/clock";

export const ESCROW_ROUTER_TOKEN_PURPOSE = "escrow-router-token";
const ROUTER_TIMEOUT_MS = 10_000;

const sealedRouterToken = prepared((db, a: { id: string }) => db.selectFrom("EscrowConfig").select("routerTokenSealed").where("id", "=", a.id));

// The token is read again at most once a second (the trade's release asks for it every time): it
// changes only when a process starts and finds the stored one does not open (ensure-system-records
// .ts), so a second bounds how long another process's new token goes unseen, as for organizations.
const ROUTER_TOKEN_TTL_MS = ORGANIZATION_CACHE_TTL_MS;
let keptToken: { token: string; untilMs: number } | null = null;

async function routerToken(): Promise<string> {
  if (keptToken && keptToken.untilMs > nowMs()) return keptToken.token;
  const config = await sealedRouterToken.first(sqlDb, { id: env.ESCROW_ORG_ID });
  if (!config?.routerTokenSealed) throw new Error("the escrow organization has no router token yet (ensureSystemRecords makes one)");
  const token = openSecret(config.routerTokenSealed, env.AUTH_SECRET, ESCROW_ROUTER_TOKEN_PURPOSE);
  keptToken = { token, untilMs: nowMs() + ROUTER_TOKEN_TTL_MS };
  return token;
}

export type RouterAnswer = OrganizationAnswer;

/** Calls the router; network failures and timeouts throw, any HTTP answer is returned. */
export async function callRouter(method: "GET" | "POST", path: string, body?: unknown): Promise<RouterAnswer> {
  return callOrganization(`${env.ESCROW_ROUTER_URL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await routerToken()}`,
      accept: "application/json",
      // Small JSON between organizations: compressing it costs both sides more CPU than it saves.
      "accept-encoding": "identity",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body,
    timeoutMs: ROUTER_TIMEOUT_MS,
  });
}
