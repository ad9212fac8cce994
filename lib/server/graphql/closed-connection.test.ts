import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { isClosedConnectionError } from "./closed-connection";

const systemError = (code: string) => Object.assign(new Error(`write ${code}`), { code, syscall: "write" });

describe("isClosedConnectionError", () => {
  it("knows the errors of a write to a connection that is gone", () => {
    for (const code of ["EPIPE", "ECONNRESET", "ERR_STREAM_DESTROYED", "ERR_STREAM_WRITE_AFTER_END"]) expect(isClosedConnectionError(systemError(code)), code).toBe(true);
    expect(isClosedConnectionError(new Error("WebSocket is not open: readyState 2 (CLOSING)"))).toBe(true);
  });

  it("leaves every other error to be logged", () => {
    for (const error of [new Error("boom"), systemError("ENOENT"), new GraphQLError("bad"), null, undefined, "EPIPE", { code: 32 }]) {
      expect(isClosedConnectionError(error), String(error)).toBe(false);
    }
  });
});
