// The rules for documents uploaded to certificates (decisions.md §2 "Document upload response"),
// with no I/O: which types are accepted, whether the bytes are what their declared type says, and
// how an uploaded file name is made safe to show and to send back in Content-Disposition.

export const DOCUMENT_MIME_TYPES = ["application/pdf", "image/png", "image/jpeg", "text/plain", "text/csv", "application/json"] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

export const DOCUMENT_NAME_MAX_LENGTH = 200;
export const FALLBACK_DOCUMENT_NAME = "document";
/** An extension longer than this is not kept apart when a long name is shortened. */
const EXTENSION_MAX_LENGTH = 16;

/** Names clients use for an accepted type. */
const MIME_ALIASES: Readonly<Record<string, DocumentMimeType>> = { "image/jpg": "image/jpeg" };

type BinaryMimeType = Extract<DocumentMimeType, "application/pdf" | "image/png" | "image/jpeg">;

/** Leading bytes ("magic numbers") of the binary types; text types have none. */
const SIGNATURES: readonly { mimeType: BinaryMimeType; bytes: readonly number[] }[] = [
  { mimeType: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // "%PDF-"
  { mimeType: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mimeType: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
];

const DESCRIPTION: Record<DocumentMimeType, string> = {
  "application/pdf": "a PDF document",
  "image/png": "a PNG image",
  "image/jpeg": "a JPEG image",
  "text/plain": "UTF-8 text",
  "text/csv": "UTF-8 text",
  "application/json": "UTF-8 JSON",
};

function mediaTypeOf(header: string): string {
  return (header.split(";")[0] ?? "").trim().toLowerCase();
}

export function isMultipartFormData(contentType: string | null): boolean {
  return contentType !== null && mediaTypeOf(contentType) === "multipart/form-data";
}

/** The accepted type a declared Content-Type stands for (parameters such as charset dropped), or null. */
export function acceptedDocumentType(declared: string): DocumentMimeType | null {
  const mediaType = mediaTypeOf(declared);
  const alias = MIME_ALIASES[mediaType];
  if (alias) return alias;
  return (DOCUMENT_MIME_TYPES as readonly string[]).includes(mediaType) ? (mediaType as DocumentMimeType) : null;
}

/** The binary type the leading bytes announce, or null when they announce none of ours. */
export function sniffBinaryType(bytes: Uint8Array): BinaryMimeType | null {
  const match = SIGNATURES.find((s) => s.bytes.length <= bytes.length && s.bytes.every((b, i) => bytes[i] === b));
  return match?.mimeType ?? null;
}

/** The text of UTF-8 bytes without NUL characters (a leading BOM dropped), or null for anything else. */
function utf8TextOf(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return text.includes("\u0000") ? null : text;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether the bytes are what `mimeType` says: the signature of a binary type, readable text otherwise. */
export function contentMatchesType(mimeType: DocumentMimeType, bytes: Uint8Array): boolean {
  const sniffed = sniffBinaryType(bytes);
  switch (mimeType) {
    case "application/pdf":
    case "image/png":
    case "image/jpeg":
      return sniffed === mimeType;
    case "text/plain":
    case "text/csv":
      return sniffed === null && utf8TextOf(bytes) !== null;
    case "application/json": {
      const text = sniffed === null ? utf8TextOf(bytes) : null;
      return text !== null && isJson(text);
    }
  }
}

export type DocumentRefusal = { code: "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "VALIDATION_FAILED"; message: string };

/**
 * The type a file is stored with, or why it is refused, in this order: an empty file (400), a declared
 * type outside the allow-list (415), bytes that are not what the declared type says (422).
 */
export function classifyDocument(declaredType: string, bytes: Uint8Array): { mimeType: DocumentMimeType } | { refusal: DocumentRefusal } {
  if (bytes.length === 0) return { refusal: { code: "VALIDATION_FAILED", message: "must not be empty" } };
  const mimeType = acceptedDocumentType(declaredType);
  if (mimeType === null) {
    const shown = mediaTypeOf(declaredType) || "no type";
    return { refusal: { code: "UNSUPPORTED_MEDIA_TYPE", message: `is ${shown}; accepted types are ${DOCUMENT_MIME_TYPES.join(", ")}` } };
  }
  if (!contentMatchesType(mimeType, bytes)) {
    return { refusal: { code: "UNPROCESSABLE", message: `is declared ${mimeType} but its content is not ${DESCRIPTION[mimeType]}` } };
  }
  return { mimeType };
}

/** Shortens to `max` code points, keeping a short extension (".pdf") at the end. */
function truncateName(name: string, max: number): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? name.slice(dot) : "";
  const extensionLength = Array.from(extension).length;
  if (extensionLength < 2 || extensionLength > EXTENSION_MAX_LENGTH) return chars.slice(0, max).join("").trimEnd();
  return chars.slice(0, max - extensionLength).join("").trimEnd() + extension;
}

/**
 * A file name safe to store, show and send back: the last path segment only, runs of white space
 * (tabs and line breaks too) made one space, without control, formatting (bidi overrides,
 * zero-width) or unpaired surrogate characters, at most DOCUMENT_NAME_MAX_LENGTH characters;
 * "document" when nothing is left.
 */
export function cleanFileName(raw: string): string {
  const lastSegment = raw.split(/[/\\]/).pop() ?? "";
  const cleaned = lastSegment
    .replace(/\s/g, " ")
    .replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, "")
    .normalize("NFC")
    .replace(/ {2,}/g, " ")
    .trim();
  if (cleaned === "" || /^\.+$/.test(cleaned)) return FALLBACK_DOCUMENT_NAME;
  return truncateName(cleaned, DOCUMENT_NAME_MAX_LENGTH);
}

/** RFC 8187 `ext-value` encoding: UTF-8, percent-encoded, only attr-chars left as they are. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The Content-Disposition of a download: always an attachment, never shown inline. */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename*=UTF-8''${encodeExtValue(fileName)}`;
}
