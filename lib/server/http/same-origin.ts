// The Origin check for whatever the sign-in cookie authenticates: REST writes (route.ts) and GraphQL
// sockets (socket-auth.ts). A browser names the page's origin in Origin; it must be this node's,
// by the host the request named (requestHostOf: X-Forwarded-Host only behind a trusted proxy) or by
// PUBLIC_URL. No Origin at all is not a browser's cross-site request, and passes.
import type { IncomingHttpHeaders } from "node:http";
import { env } from "@/lib/env";
import { headerOf, type ApiHeaders } from "./api-request";
import { requestHostOf } from "./forwarded-headers";

/** Why a cookie-authenticated request must be refused, or null when its origin is this node's. */
export function crossOriginProblem(headers: ApiHeaders | IncomingHttpHeaders): string | null {
  const value = headerOf(headers, "origin");
  const origin = (Array.isArray(value) ? value[0] : value) ?? null;
  if (origin === null) return null;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return "The Origin header is not a URL.";
  }
  if (url.host === requestHostOf(headers) || url.origin === new URL(env.PUBLIC_URL).origin) return null;
  return "Cross-origin requests cannot use the sign-in session.";
}
