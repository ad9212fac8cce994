import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/domain/app-error";
import { requestFromWeb } from "./api-request";
import { parseJsonText, readBodyBytes } from "./read-body";

const codeOf = (work: () => unknown): string | null => {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : "not an AppError";
  }
};

describe("parseJsonText", () => {
  it("parses JSON, surrogate pairs included", () => {
    expect(parseJsonText('{"a":["😀","\\ud83d\\ude00"]}')).toEqual({ a: ["😀", "😀"] });
  });

  it("refuses text that is not JSON, lone surrogates and NUL, in values and in keys, escaped or not", () => {
    for (const text of ["{\"a\":\"x\ud800\"}", "[\"\udc00\"]", "{", '{"a":"x\\ud800"}', '{"a":"\\udc00y"}', '{"\\udfff":1}', '{"a":"x\\u0000"}', '["\\u0000"]']) {
      expect(codeOf(() => parseJsonText(text)), text).toBe("MALFORMED_JSON");
    }
  });
});

describe("readBodyBytes", () => {
  it("refuses a body over the limit even without Content-Length, and reads one within it", async () => {
    const stream = () => new ReadableStream({ start: (c) => { c.enqueue(new Uint8Array(600)); c.enqueue(new Uint8Array(600)); c.close(); } });
    const request = (limit: number) => readBodyBytes(requestFromWeb(new Request("http://x/", { method: "POST", body: stream(), duplex: "half" } as RequestInit)), limit);
    await expect(request(1000)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect((await request(2000)).length).toBe(1200);
  });

  it("answers a body that breaks off mid-stream (the client went away) with INCOMPLETE_BODY", async () => {
    const reset = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    const stream = new ReadableStream({ start: (c) => { c.enqueue(new Uint8Array(10)); c.error(reset); } });
    const read = readBodyBytes(requestFromWeb(new Request("http://x/", { method: "POST", body: stream, duplex: "half" } as RequestInit)), 1000);
    await expect(read).rejects.toMatchObject({ code: "INCOMPLETE_BODY", status: 400, message: expect.stringContaining("ECONNRESET") });
  });
});
