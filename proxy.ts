// Next's proxy (run before every page and next-auth answer; the rest of /api is served ahead of Next
// by serve-api.ts, which sets the same API headers itself). Each page answer gets a fresh nonce in its
// Content-Security-Policy; Next reads the policy from the request headers and puts the nonce on its
// own scripts, and layouts read it from `x-nonce`. Pages are rendered per request (they read the
// session), so every answer carries its own nonce.
import { NextResponse, type NextRequest } from "next/server";
import { API_CONTENT_SECURITY_POLICY, newNonce, pageContentSecurityPolicy, STRICT_TRANSPORT_SECURITY } from "@/lib/domain/security-headers";
import { env } from "@/lib/env";

const secure = env.PUBLIC_URL.startsWith("https:");

export function proxy(request: NextRequest): NextResponse {
  if (request.nextUrl.pathname.startsWith("/api/")) {
    const response = NextResponse.next();
    response.headers.set("content-security-policy", API_CONTENT_SECURITY_POLICY);
    if (secure) response.headers.set("strict-transport-security", STRICT_TRANSPORT_SECURITY);
    return response;
  }
  const nonce = newNonce();
  const host = request.headers.get("host") ?? new URL(env.PUBLIC_URL).host;
  const policy = pageContentSecurityPolicy({ nonce, host, secure, dev: env.NODE_ENV === "development" });
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  if (secure) response.headers.set("strict-transport-security", STRICT_TRANSPORT_SECURITY);
  return response;
}

export const config = {
  // Not Next's static files (hashed, no markup) nor the icon.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
