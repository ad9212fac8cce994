import { describe, expect, it } from "vitest";
import { operationKeys, ownerOf } from "./operation-owner";

describe("ownerOf", () => {
  it("is the caller's organization, or the caller alone when it acts for none", () => {
    expect(ownerOf({ userId: "u-1", organizationId: "node" })).toBe("org:node");
    expect(ownerOf({ userId: "u-2", organizationId: "node" })).toBe("org:node");
    expect(ownerOf({ userId: "u-1", organizationId: null })).toBe("user:u-1");
  });
});

describe("operationKeys", () => {
  it("scopes the operation's own key and the Idempotency-Key to the owner, keeping them apart", () => {
    expect(operationKeys("org:node", "hold:op-1", "k-1")).toEqual([
      { text: "org:node|hold:op-1", source: "operation" },
      { text: "org:node|header:k-1", source: "header" },
    ]);
    expect(operationKeys("org:other", "hold:op-1", null)).toEqual([{ text: "org:other|hold:op-1", source: "operation" }]);
    expect(operationKeys("user:u-1", null, "hold:op-1")).toEqual([{ text: "user:u-1|header:hold:op-1", source: "header" }]);
    expect(operationKeys("org:node", null, null)).toEqual([]);
  });
});
