// Authenticates a graphql-ws connection: a bearer token in connectionParams.authorization, or else
// the sign-in session cookie of the upgrade request. A program's token may come from any origin (or
// none); the cookie is taken only from this node's own pages (same-origin.ts), so another site cannot
// ride a victim's session over a socket (cross-site WebSocket hijacking). Unknown tokens count
// against the client like on HTTP (bearer-guard.ts): past its budget, 4429.
import type { IncomingMessage } from "node:http";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/env";
import { bearerToken } from "@/lib/server/auth/api-token";
import { principalFromBearerHeader } from "@/lib/server/auth/bearer-guard";
import { principalFromBearer, principalFromUserId, type Principal } from "@/lib/server/auth/principal";
import { clientAddressOf } from "@/lib/server/http/forwarded-headers";
import { RateLimitedError } from "@/lib/server/http/rate-limit";
import { crossOriginProblem } from "@/lib/server/http/same-origin";
import { logger } from "@/lib/server/log";

export type SocketRefusal = { code: number; reason: string };
export type SocketAuthentication = { principal: Principal } | { refusal: SocketRefusal };

export const SOCKET_FORBIDDEN: SocketRefusal = { code: 4403, reason: "Forbidden" };

async function fromToken(authorization: string, request: IncomingMessage, countFailures: boolean): Promise<SocketAuthentication> {
  if (!countFailures) {
    const token = bearerToken(authorization);
    const principal = token ? await principalFromBearer(token) : null;
    return principal ? { principal } : { refusal: SOCKET_FORBIDDEN };
  }
  try {
    return { principal: await principalFromBearerHeader(authorization, clientAddressOf(request.headers)) };
  } catch (error) {
    if (error instanceof RateLimitedError) {
      return { refusal: { code: 4429, reason: `Too many unknown tokens from this client; try again in ${error.retryAfterSeconds} s` } };
    }
    return { refusal: SOCKET_FORBIDDEN };
  }
}

/**
 * Who the connection is, or how to refuse it. `countFailures`: an unknown token counts against the
 * client (at connection_init; the periodic re-checks of an open socket do not count).
 */
export async function authenticateSocket(
  request: IncomingMessage,
  connectionParams: Readonly<Record<string, unknown>> | undefined,
  { countFailures }: { countFailures: boolean },
): Promise<SocketAuthentication> {
  const authorization = connectionParams?.authorization ?? connectionParams?.Authorization;
  if (typeof authorization === "string") return fromToken(authorization, request, countFailures);
  const crossOrigin = crossOriginProblem(request.headers);
  if (crossOrigin) {
    logger.warn({ origin: request.headers.origin, client: clientAddressOf(request.headers) }, `graphql-ws: ${crossOrigin}`);
    return { refusal: SOCKET_FORBIDDEN };
  }
  const headers = Object.fromEntries(
    Object.entries(request.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])),
  );
  const jwt = await getToken({ req: { headers }, secret: env.AUTH_SECRET, secureCookie: env.PUBLIC_URL.startsWith("https:") });
  const principal = jwt?.sub ? await principalFromUserId(jwt.sub) : null;
  return principal ? { principal } : { refusal: SOCKET_FORBIDDEN };
}
