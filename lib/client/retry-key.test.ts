import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { RetryKey } from "./retry-key";

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe("RetryKey", () => {
  it("keeps the key for the same request until it is answered", () => {
    const keys = new RetryKey(counter());
    expect(keys.keyFor({ a: 1 })).toBe("key-1");
    keys.settle(new TypeError("Failed to fetch")); // no answer: the same request may be sent again
    expect(keys.keyFor({ a: 1 })).toBe("key-1");
    keys.settle(new ApiError("busy", 503, "UNAVAILABLE"));
    expect(keys.keyFor({ a: 1 })).toBe("key-1");
    keys.settle();
    expect(keys.keyFor({ a: 1 })).toBe("key-2");
  });

  it("gives a changed request a new key, and frees the key after a refusal", () => {
    const keys = new RetryKey(counter());
    expect(keys.keyFor({ a: 1 })).toBe("key-1");
    expect(keys.keyFor({ a: 2 })).toBe("key-2");
    keys.settle(new ApiError("bad", 422, "UNPROCESSABLE"));
    expect(keys.keyFor({ a: 2 })).toBe("key-3");
  });

  it("makes random keys the server accepts", () => {
    const key = new RetryKey().keyFor({});
    expect(key).toMatch(/^[\w.:-]{1,128}$/);
  });
});
