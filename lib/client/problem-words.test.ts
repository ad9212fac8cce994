import { describe, expect, it } from "vitest";

import { ApiError } from "./api-client";
import { refusalReason, supportLinesOf, tradeRefusalReason } from "./problem-words";

const refusal = (status: number, code: string, detail: string, fields: { path: string; message: string }[] = []) => new ApiError(detail, status, code, fields, "req-1");

describe("refusalReason", () => {
  it("says what to do in plain words, never the server's paths or codes", () => {
    const signedOut = refusal(401, "UNAUTHENTICATED", "Sign in, or send Authorization: Bearer <token>.");
    expect(refusalReason(signedOut)).toBe("you are signed out. Sign in again, then try again.");
    const unshared = refusal(422, "UNPROCESSABLE", "account.account.orgId names x, which the profile is not shared with (POST /profiles/p/share first); nothing was recorded.", [
      { path: "account.account.orgId", message: "names x, which the profile is not shared with (POST /profiles/p/share first)" },
    ]);
    expect(refusalReason(unshared)).toBe("some fields need attention: see the messages beside them.");
    expect(refusalReason(refusal(503, "UNAVAILABLE", "db down"))).toMatch(/^the server had a problem/);
    expect(refusalReason(new DOMException("t", "TimeoutError"))).toBe("no answer came in time. Try again.");
    for (const words of [refusalReason(signedOut), refusalReason(unshared)]) expect(words).not.toMatch(/POST|Bearer|orgId|\(/);
  });
});

describe("tradeRefusalReason", () => {
  it("names a paused offer, too few tokens left, a stale signature and one's own offer", () => {
    expect(tradeRefusalReason(refusal(409, "STATE_CONFLICT", "Intent node:105:x is disabled (NON_ACTIVE); it cannot be executed."), "buy")).toBe(
      "this offer is paused by its owner, so it cannot be taken now.",
    );
    const over = refusal(422, "QUANTITY_EXCEEDED", "intent.asset.term.amount 9 exceeds the intent's remaining quantity 8; nothing was executed.", [
      { path: "intent.asset.term.amount", message: "9 exceeds the intent's remaining quantity 8" },
    ]);
    expect(tradeRefusalReason(over, "buy")).toBe("fewer tokens remain in this offer than you chose. Go back to the ticket and choose fewer.");
    expect(tradeRefusalReason(refusal(422, "STALE_NONCE", "stale"), "buy")).toMatch(/more than five minutes old/);
    const own = refusal(422, "UNPROCESSABLE", "user cannot execute its own intent; nothing was executed.", [{ in: "body", path: "user", message: "cannot execute its own intent" } as { path: string; message: string }]);
    expect(tradeRefusalReason(own, "sell")).toBe("you cannot take your own offer.");
    const short = refusal(422, "UNPROCESSABLE", "The seller x does not hold 4 tokens", [{ path: "intent.asset.term.amount", message: "is more than the seller holds available" }]);
    expect(tradeRefusalReason(short, "sell")).toMatch(/^you no longer hold that many tokens available/);
  });
});

describe("supportLinesOf", () => {
  it("keeps the whole problem document for support", () => {
    const error = refusal(422, "UNPROCESSABLE", "body x bad; nothing was recorded.", [{ path: "x", message: "bad" }]);
    expect(supportLinesOf(error)).toEqual([
      ["HTTP status", "422"],
      ["Code", "UNPROCESSABLE"],
      ["Detail", "body x bad; nothing was recorded."],
      ["Field x", "bad"],
      ["Request id", "req-1"],
    ]);
  });
});
