import { describe, expect, it } from "vitest";

import { ApiError, API_TIMEOUT_MS } from "@/lib/client/api-client";
import { DOCUMENT_MIME_TYPES } from "@/lib/domain/documents";

import { fileProblem, formatBytes, progressPercent, uploadAnswer, uploadTimeoutMs } from "./document-upload";

const limits = { maxBytes: 10 * 1024 * 1024, mimeTypes: [...DOCUMENT_MIME_TYPES] };

describe("fileProblem", () => {
  it("accepts every type the server accepts, up to the limit itself", () => {
    for (const type of DOCUMENT_MIME_TYPES) expect(fileProblem({ name: "a", type, size: limits.maxBytes }, limits), type).toBeNull();
    expect(fileProblem({ name: "a.jpg", type: "image/jpg", size: 10 }, limits)).toBeNull();
    expect(fileProblem({ name: "a.txt", type: "text/plain; charset=utf-8", size: 10 }, limits)).toBeNull();
  });

  it("refuses in the server's order: empty, then too large, then a type outside the list", () => {
    expect(fileProblem({ name: "empty.png", type: "image/png", size: 0 }, limits)).toBe("empty.png is empty.");
    expect(fileProblem({ name: "big.gif", type: "image/gif", size: limits.maxBytes + 1 }, limits)).toBe(
      "big.gif is 10,485,761 bytes; a document may be at most 10,485,760 bytes (10 MiB).",
    );
    expect(fileProblem({ name: "cat.gif", type: "image/gif", size: 5 }, limits)).toMatch(/^cat\.gif is of type image\/gif; accepted are application\/pdf, image\/png/);
    expect(fileProblem({ name: "noext", type: "", size: 5 }, limits)).toBe(`noext has a type this browser does not know; accepted are ${DOCUMENT_MIME_TYPES.join(", ")}.`);
  });

  it("follows the limits it is given, not a number of its own", () => {
    const small = { maxBytes: 2048, mimeTypes: ["image/png"] };
    expect(fileProblem({ name: "a.png", type: "image/png", size: 2049 }, small)).toMatch(/at most 2,048 bytes \(2 KiB\)/);
    expect(fileProblem({ name: "a.pdf", type: "application/pdf", size: 10 }, small)).toMatch(/accepted are image\/png\.$/);
  });
});

describe("formatBytes", () => {
  it("says bytes, KiB or MiB", () => {
    expect([0, 1, 812, 1024, 1536, 10 * 1024 * 1024, 10 * 1024 * 1024 + 1].map(formatBytes)).toEqual([
      "0 bytes",
      "1 byte",
      "812 bytes",
      "1 KiB",
      "1.5 KiB",
      "10 MiB",
      "10.0 MiB",
    ]);
  });
});

describe("progressPercent", () => {
  it("is whole percent, 0 without a total, never above 100", () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(999, 1000)).toBe(99);
    expect(progressPercent(1000, 1000)).toBe(100);
    expect(progressPercent(2000, 1000)).toBe(100);
  });
});

describe("uploadTimeoutMs", () => {
  it("grows with the size of the file", () => {
    expect(uploadTimeoutMs(0)).toBe(API_TIMEOUT_MS);
    expect(uploadTimeoutMs(10 * 1024 * 1024)).toBeGreaterThan(uploadTimeoutMs(1024));
  });
});

describe("uploadAnswer", () => {
  const stored = { id: "node:104:0b6f1c2e-8a51-4f4b-9d0e-2f1f6f7b2a10", name: "scan.png", mimeType: "image/png", size: 67, sha256: "a".repeat(64) };

  it("reads the stored document", () => {
    expect(uploadAnswer(200, "OK", JSON.stringify(stored))).toEqual(stored);
  });

  it("turns a problem document into an ApiError with its detail and fields", () => {
    const problem = {
      type: "about:blank",
      title: "Unprocessable",
      status: 422,
      detail: "body file: is declared image/png but its content is not a PNG image",
      code: "UNPROCESSABLE",
      errors: [{ in: "body", path: "file", message: "is declared image/png but its content is not a PNG image" }],
    };
    let caught: unknown;
    try {
      uploadAnswer(422, "Unprocessable Content", JSON.stringify(problem));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect(caught).toMatchObject({ status: 422, code: "UNPROCESSABLE", message: problem.detail, fieldErrors: [{ path: "file" }] });
  });

  it("says what happened when the answer is neither", () => {
    expect(() => uploadAnswer(502, "Bad Gateway", "<html>")).toThrow("The server answered 502 Bad Gateway.");
    expect(() => uploadAnswer(200, "OK", "{}")).toThrow("did not have the expected shape");
  });
});
