import { describe, expect, it } from "vitest";

import { decodedParams } from "./decoded-params";

describe("decodedParams", () => {
  it("decodes percent-encoded segments and keeps a malformed one as it is", () => {
    expect(decodedParams({ planId: "node%3A106%3Aabc", other: "a%ZZ" })).toEqual({ planId: "node:106:abc", other: "a%ZZ" });
  });
});
