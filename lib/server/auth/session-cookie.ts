// The sign-in session of a request, read from its cookie without Next's request context, so the
// API served by server.ts (serve-api.ts) and by Next authenticate people the same way. The cookie is
// next-auth's JWT session (next-auth.ts): an encrypted JWT under AUTH_SECRET, salted with the
// cookie's name, possibly split into numbered chunks when large.
import { decode } from "next-auth/jwt";
import { env } from "@/lib/env";
import { setBounded } from "@/lib/server/bounded-map";

const COOKIE_NAMES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;
/** Decoded sessions kept by cookie value: a browser sends the same cookie with every request. */
const CACHE_MAX_ENTRIES = 1_000;
const CACHE_TTL_MS = 60_000;

type Cached = { userId: string | null; until: number };
const cache = new Map<string, Cached>();

function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

/** The session token under `name`, whole or joined from `name.0`, `name.1`, … */
function tokenOf(cookies: Map<string, string>, name: string): string | null {
  const whole = cookies.get(name);
  if (whole) return whole;
  const chunks: string[] = [];
  for (let i = 0; cookies.has(`${name}.${i}`); i += 1) chunks.push(cookies.get(`${name}.${i}`) ?? "");
  return chunks.length > 0 ? chunks.join("") : null;
}

async function decodeUserId(token: string, salt: string): Promise<{ userId: string | null; expiresAtMs: number }> {
  try {
    const payload = await decode({ token, secret: env.AUTH_SECRET, salt });
    const userId = typeof payload?.sub === "string" ? payload.sub : null;
    const expiresAtMs = typeof payload?.exp === "number" ? payload.exp * 1000 : 0;
    return userId && expiresAtMs > Date.now() ? { userId, expiresAtMs } : { userId: null, expiresAtMs: 0 };
  } catch {
    return { userId: null, expiresAtMs: 0 }; // not ours, tampered with, or signed under another secret
  }
}

/** The signed-in user's id from a Cookie header, or null (no, expired or invalid session). */
export async function sessionUserIdFromCookies(cookieHeader: string | null): Promise<string | null> {
  if (!cookieHeader) return null;
  const cookies = parseCookies(cookieHeader);
  for (const name of COOKIE_NAMES) {
    const token = tokenOf(cookies, name);
    if (!token) continue;
    const key = `${name}\0${token}`;
    const now = Date.now();
    const cached = cache.get(key);
    if (cached && cached.until > now) return cached.userId;
    const { userId, expiresAtMs } = await decodeUserId(token, name);
    setBounded(cache, key, { userId, until: Math.min(now + CACHE_TTL_MS, userId ? expiresAtMs : now + CACHE_TTL_MS) }, CACHE_MAX_ENTRIES);
    return userId;
  }
  return null;
}
