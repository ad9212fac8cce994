import { describe, expect, it } from "vitest";

import {
  acceptedDocumentType,
  attachmentDisposition,
  classifyDocument,
  cleanFileName,
  contentMatchesType,
  DOCUMENT_NAME_MAX_LENGTH,
  isMultipartFormData,
  sniffBinaryType,
} from "@/lib/domain/documents";

const bytes = (...values: number[]) => Uint8Array.from(values);
const utf8 = (text: string) => new TextEncoder().encode(text);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10);
const PDF = utf8("%PDF-1.7\n%âãÏÓ\n");

describe("isMultipartFormData", () => {
  it("looks at the media type only, in any case", () => {
    expect(isMultipartFormData("multipart/form-data; boundary=abc")).toBe(true);
    expect(isMultipartFormData("Multipart/Form-Data;boundary=abc")).toBe(true);
    expect(isMultipartFormData("application/json")).toBe(false);
    expect(isMultipartFormData("multipart/mixed; boundary=abc")).toBe(false);
    expect(isMultipartFormData(null)).toBe(false);
  });
});

describe("acceptedDocumentType", () => {
  it("accepts the allow-list, dropping parameters and case, and the image/jpg alias", () => {
    expect(acceptedDocumentType("application/pdf")).toBe("application/pdf");
    expect(acceptedDocumentType("Text/Plain; charset=utf-8")).toBe("text/plain");
    expect(acceptedDocumentType("image/jpg")).toBe("image/jpeg");
    expect(acceptedDocumentType("text/csv")).toBe("text/csv");
  });

  it("refuses everything else", () => {
    for (const type of ["", "application/octet-stream", "text/html", "image/svg+xml", "image/gif", "application/x-msdownload"]) {
      expect(acceptedDocumentType(type)).toBeNull();
    }
  });
});

describe("sniffBinaryType", () => {
  it("recognises PDF, PNG and JPEG by their leading bytes", () => {
    expect(sniffBinaryType(PDF)).toBe("application/pdf");
    expect(sniffBinaryType(PNG)).toBe("image/png");
    expect(sniffBinaryType(JPEG)).toBe("image/jpeg");
  });

  it("announces nothing for text, for other formats and for a signature cut short", () => {
    expect(sniffBinaryType(utf8("hello"))).toBeNull();
    expect(sniffBinaryType(utf8("GIF89a"))).toBeNull();
    expect(sniffBinaryType(PNG.slice(0, 4))).toBeNull();
    expect(sniffBinaryType(new Uint8Array())).toBeNull();
  });
});

describe("contentMatchesType", () => {
  it("wants the signature of a binary type", () => {
    expect(contentMatchesType("image/png", PNG)).toBe(true);
    expect(contentMatchesType("image/png", JPEG)).toBe(false);
    expect(contentMatchesType("image/png", utf8("not a png"))).toBe(false);
    expect(contentMatchesType("application/pdf", PDF)).toBe(true);
    expect(contentMatchesType("image/jpeg", PDF)).toBe(false);
  });

  it("wants UTF-8 text without NUL and without a binary signature for text types", () => {
    expect(contentMatchesType("text/plain", utf8("Grüße, 世界\n"))).toBe(true);
    expect(contentMatchesType("text/csv", utf8("\uFEFFa,b\n1,2\n"))).toBe(true);
    expect(contentMatchesType("text/plain", bytes(0xc3, 0x28))).toBe(false);
    expect(contentMatchesType("text/plain", utf8("a\u0000b"))).toBe(false);
    expect(contentMatchesType("text/plain", PNG)).toBe(false);
    expect(contentMatchesType("text/plain", PDF)).toBe(false);
  });

  it("wants JSON that parses for application/json", () => {
    expect(contentMatchesType("application/json", utf8('{"a":[1,2]}'))).toBe(true);
    expect(contentMatchesType("application/json", utf8("{a:1}"))).toBe(false);
  });
});

describe("classifyDocument", () => {
  it("gives the stored type of an accepted file", () => {
    expect(classifyDocument("image/png", PNG)).toEqual({ mimeType: "image/png" });
    expect(classifyDocument("text/plain; charset=utf-8", utf8("hi"))).toEqual({ mimeType: "text/plain" });
  });

  it("refuses in order: empty (400), type not allowed (415), content not the declared type (422)", () => {
    expect(classifyDocument("text/html", new Uint8Array())).toEqual({ refusal: { code: "VALIDATION_FAILED", message: "must not be empty" } });
    expect(classifyDocument("text/html", utf8("<p>"))).toMatchObject({ refusal: { code: "UNSUPPORTED_MEDIA_TYPE", message: expect.stringMatching(/^is text\/html; accepted/) } });
    expect(classifyDocument("", PNG)).toMatchObject({ refusal: { code: "UNSUPPORTED_MEDIA_TYPE", message: expect.stringMatching(/^is no type/) } });
    expect(classifyDocument("image/png", utf8("plain text"))).toEqual({
      refusal: { code: "UNPROCESSABLE", message: "is declared image/png but its content is not a PNG image" },
    });
  });
});

describe("cleanFileName", () => {
  it("keeps an ordinary name", () => {
    expect(cleanFileName("passport scan.pdf")).toBe("passport scan.pdf");
    expect(cleanFileName("Führerschein – Kopie.png")).toBe("Führerschein – Kopie.png");
  });

  it("keeps only the last path segment, of either separator", () => {
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("C:\\Users\\me\\kyc.pdf")).toBe("kyc.pdf");
  });

  it("drops control and formatting characters and folds white space", () => {
    expect(cleanFileName("a\u0000b\r\nc.txt")).toBe("ab c.txt");
    expect(cleanFileName("invoice\u202Egpj.exe")).toBe("invoicegpj.exe");
    expect(cleanFileName("  two   spaces\t.csv ")).toBe("two spaces .csv");
    expect(cleanFileName("x\uD800y")).toBe("xy");
    expect(cleanFileName("a \u0000 b.txt")).toBe("a b.txt");
  });

  it("falls back to 'document' when nothing usable is left", () => {
    for (const raw of ["", "   ", "/", "dir/", "..", ".", "\u0001\u0002"]) expect(cleanFileName(raw)).toBe("document");
  });

  it("shortens long names to the limit, keeping the extension and whole characters", () => {
    const long = `${"a".repeat(300)}.pdf`;
    const cleaned = cleanFileName(long);
    expect(cleaned).toHaveLength(DOCUMENT_NAME_MAX_LENGTH);
    expect(cleaned.endsWith(".pdf")).toBe(true);
    const emoji = cleanFileName("😀".repeat(250));
    expect(Array.from(emoji)).toHaveLength(DOCUMENT_NAME_MAX_LENGTH);
    expect(emoji).toBe("😀".repeat(DOCUMENT_NAME_MAX_LENGTH));
    expect(Array.from(cleanFileName(`${"b".repeat(250)}.${"x".repeat(40)}`))).toHaveLength(DOCUMENT_NAME_MAX_LENGTH);
  });
});

describe("attachmentDisposition", () => {
  it("percent-encodes the UTF-8 name as an RFC 8187 ext-value", () => {
    expect(attachmentDisposition("report.pdf")).toBe("attachment; filename*=UTF-8''report.pdf");
    expect(attachmentDisposition("Grüße (1)'s \"copy\"*.txt")).toBe(
      "attachment; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%281%29%27s%20%22copy%22%2A.txt",
    );
    expect(decodeURIComponent(attachmentDisposition("日本語;.csv").split("''")[1] ?? "")).toBe("日本語;.csv");
  });
});
