import { describe, expect, it } from "vitest";
import { isOpenSigningStatus, OPEN_SIGNING_STATUSES, SIGNING_REQUEST_STATUSES } from "./signing-request-status";

describe("signing request statuses", () => {
  it("are open only before an answer", () => {
    expect(SIGNING_REQUEST_STATUSES.filter(isOpenSigningStatus)).toEqual([...OPEN_SIGNING_STATUSES]);
    expect(["signed", "declined", "refused", "expired", "unknown"].some(isOpenSigningStatus)).toBe(false);
  });
});
