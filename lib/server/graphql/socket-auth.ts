// Authenticates a graphql-ws connection: a bearer token in connectionParams.authorization, or else
// the sign-in session cookie of the upgrade request. Anonymous sockets are refused.
import type { IncomingMessage } from "node:http";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/env";
import { bearerToken } from "@/lib/server/auth/api-token";
import { principalFromBearer, principalFromUserId, type Principal } from "@/lib/server/auth/principal";

export async function authenticateSocket(
  request: IncomingMessage,
  connectionParams: Readonly<Record<string, unknown>> | undefined,
): Promise<Principal | null> {
  const authorization = connectionParams?.authorization ?? connectionParams?.Authorization;
  if (typeof authorization === "string") {
    const token = bearerToken(authorization);
    return token ? principalFromBearer(token) : null;
  }
  const headers = Object.fromEntries(
    Object.entries(request.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])),
  );
  const jwt = await getToken({ req: { headers }, secret: env.AUTH_SECRET, secureCookie: env.PUBLIC_URL.startsWith("https:") });
  return jwt?.sub ? principalFromUserId(jwt.sub) : null;
}
