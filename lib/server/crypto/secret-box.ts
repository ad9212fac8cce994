// Seals secrets the service must be able to read back (the bearer tokens it sends to other
// organizations) with AES-256-GCM under a key derived from AUTH_SECRET, so a copy of the database
// alone does not reveal them.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";

/** Derived keys by (secret, purpose): HKDF on every call was a visible share of a trade's CPU. */
const keys = new Map<string, Buffer>();
const KEYS_MAX = 64;

function keyFor(secret: string, purpose: string): Buffer {
  const id = `${purpose}\0${secret}`;
  let key = keys.get(id);
  if (!key) {
    if (keys.size >= KEYS_MAX) keys.clear();
    key = Buffer.from(hkdfSync("sha256", secret, "tan-secret-box", purpose, 32));
    keys.set(id, key);
  }
  return key;
}

export function sealSecret(plain: string, secret: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret, purpose), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

/** Secrets opened before, by (purpose, secret, sealed text): the router opens its adapter token on every call. */
const opened = new Map<string, string>();
const OPENED_MAX = 256;

/** The plain secret, or an Error naming why it cannot be opened (e.g. AUTH_SECRET changed). */
export function openSecret(sealed: string, secret: string, purpose: string): string {
  const id = `${purpose}\0${secret}\0${sealed}`;
  const known = opened.get(id);
  if (known !== undefined) return known;
  const plain = openSealed(sealed, secret, purpose);
  if (opened.size >= OPENED_MAX) opened.clear();
  opened.set(id, plain);
  return plain;
}

function openSealed(sealed: string, secret: string, purpose: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || !data) throw new Error("sealed secret: unknown format");
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(secret, purpose), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new Error("sealed secret: cannot be opened with this AUTH_SECRET (was it changed?)");
  }
}
