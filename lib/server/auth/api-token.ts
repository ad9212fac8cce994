// Bearer tokens: 32 random bytes with a recognisable prefix; only their SHA-256 is stored.
import { createHash, randomBytes } from "node:crypto";

export const API_TOKEN_PREFIX = "tan_";
/** Longest Authorization value looked at; anything longer is refused without hashing. */
export const API_TOKEN_MAX_LENGTH = 512;

export function generateApiToken(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

export function hashApiToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The token of an `Authorization: Bearer <token>` header, or null when the header is absent or not Bearer. */
export function bearerToken(header: string | null | undefined): string | null {
  if (!header || header.length > API_TOKEN_MAX_LENGTH + 7) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
