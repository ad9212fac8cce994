// Reads a request body up to a byte limit without trusting Content-Length, and parses JSON.
import { AppError } from "@/lib/domain/app-error";
import type { ApiRequest } from "./api-request";

/**
 * The body's bytes, at most `limitBytes`: a declared Content-Length over it is refused at once, and
 * the stream is cut off when it grows past it (a missing or false Content-Length gets no further).
 * `tooLarge` says what the limit is about.
 */
export async function readBodyBytes(
  req: ApiRequest,
  limitBytes: number,
  tooLarge: () => AppError = () => new AppError("PAYLOAD_TOO_LARGE", `The body is larger than the limit of ${limitBytes} bytes.`),
): Promise<Buffer> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > limitBytes) throw tooLarge();
  const body = req.body();
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    // Leaving the loop early (the limit) ends the stream, as cancelling it would.
    for await (const chunk of body) {
      total += chunk.byteLength;
      if (total > limitBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw incompleteBody(error);
  }
  return chunks.length === 1 ? Buffer.from(chunks[0] as Uint8Array) : Buffer.concat(chunks);
}

/**
 * The stream fails when the client goes away mid-request (a cancelled upload, a closed tab: the
 * connection is reset): that is the client's doing, a 400 nobody will read, not a server fault to log
 * as one.
 */
function incompleteBody(error: unknown): AppError {
  const reason = error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : "unreadable";
  return new AppError("INCOMPLETE_BODY", `The request body ended before it was complete (${reason}): the client closed the connection.`);
}

export async function readBodyText(req: ApiRequest, limitBytes: number): Promise<string> {
  return (await readBodyBytes(req, limitBytes)).toString("utf8");
}

export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const mediaType = header.split(";")[0]?.trim().toLowerCase() ?? "";
  return mediaType === "application/json" || /^application\/[\w.+-]+\+json$/.test(mediaType);
}

/** Parses a JSON body; an empty body counts as `{}` (several operations take an empty object). */
export async function readJsonBody(req: ApiRequest, limitBytes: number): Promise<unknown> {
  const text = await readBodyText(req, limitBytes);
  if (text.trim() === "") return {};
  if (!isJsonContentType(req.headers.get("content-type"))) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
  }
  return parseJsonText(text);
}

/**
 * What may spell a string no database can store: an escaped NUL or surrogate, or a surrogate itself.
 * Text without one (almost every body) is parsed without the reviver, which costs several times the
 * parse itself; text with one (a surrogate pair, an emoji, included) is checked key by key.
 */
const MAYBE_UNSTORABLE = /\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})|[\ud800-\udfff]/;

/** JSON.parse that answers MALFORMED_JSON for text that is not JSON or holds strings no database can store. */
export function parseJsonText(text: string): unknown {
  try {
    return (MAYBE_UNSTORABLE.test(text) ? JSON.parse(text, refuseUnstorableStrings) : JSON.parse(text)) as unknown;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const reason = error instanceof SyntaxError ? error.message : "unreadable";
    throw new AppError("MALFORMED_JSON", `The body is not valid JSON: ${reason}`);
  }
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Strings no database can store as text: a lone UTF-16 surrogate (`"\ud800"` is valid JSON but
 * not Unicode) and NUL (PostgreSQL refuses it). Refused for every key and string value.
 */
function refuseUnstorableStrings(this: unknown, key: string, value: unknown): unknown {
  const bad = (s: string) => LONE_SURROGATE.test(s) || s.includes("\u0000");
  if (bad(key) || (typeof value === "string" && bad(value))) {
    throw new AppError("MALFORMED_JSON", "The body holds a string with a lone UTF-16 surrogate or a NUL character, which cannot be stored.", [
      { in: "body", path: key, message: "must be well-formed Unicode text without NUL" },
    ]);
  }
  return value;
}
