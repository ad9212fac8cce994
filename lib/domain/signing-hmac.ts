// The HMAC a signature policy's secret puts on router → callback calls (decisions.md §6):
// `X-Signature-Timestamp: <epoch seconds>` and `X-Signature: sha256=<hex HMAC-SHA256(secret,
// timestamp + "." + raw body)>`.
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNING_HMAC_WINDOW_SECONDS = 300;

export function signingHmac(secret: string, timestamp: number, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex")}`;
}

/** True when the headers carry this body's HMAC under `secret`, made within the window of now. */
export function verifySigningHmac(secret: string, timestampHeader: string | null, signatureHeader: string | null, rawBody: string, nowSeconds: number): boolean {
  if (!timestampHeader || !signatureHeader || !/^\d{1,12}$/.test(timestampHeader)) return false;
  const timestamp = Number(timestampHeader);
  if (Math.abs(nowSeconds - timestamp) > SIGNING_HMAC_WINDOW_SECONDS) return false;
  const expected = Buffer.from(signingHmac(secret, timestamp, rawBody));
  const given = Buffer.from(signatureHeader);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
