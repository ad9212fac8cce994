import { describe, expect, it } from "vitest";

import {
  ESCROW_ERROR_CODES,
  ESCROW_OPERATION_KINDS,
  isEscrowOperationKind,
  parseCompletionModes,
  type CompletionMode,
  type CompletionModes,
} from "@/lib/domain/escrow/operation-kinds";

const every = (mode: CompletionMode): CompletionModes =>
  Object.fromEntries(ESCROW_OPERATION_KINDS.map((k) => [k, mode])) as Record<(typeof ESCROW_OPERATION_KINDS)[number], CompletionMode>;

describe("operation kinds", () => {
  it("recognizes exactly the six operations", () => {
    for (const kind of ESCROW_OPERATION_KINDS) expect(isEscrowOperationKind(kind)).toBe(true);
    for (const other of ["Hold", "deposit", "withdraw", ""]) expect(isEscrowOperationKind(other), other).toBe(false);
  });

  it("reports failures with the specification's codes, and 21 for a deposit instruction", () => {
    expect(ESCROW_ERROR_CODES).toEqual({ depositInstruction: 21, approval: 1001, hold: 11, release: 12, rollback: 13, payout: 22 });
  });
});

describe("parseCompletionModes", () => {
  it("applies a lone mode to every operation", () => {
    expect(parseCompletionModes("sync")).toEqual(every("sync"));
    expect(parseCompletionModes("async")).toEqual(every("async"));
  });

  it("overrides single operations after the default", () => {
    expect(parseCompletionModes("async,hold=sync,release=sync")).toEqual({
      ...every("async"),
      hold: "sync",
      release: "sync",
    });
  });

  it("defaults to sync when only overrides, or nothing, are given", () => {
    expect(parseCompletionModes("payout=async")).toEqual({ ...every("sync"), payout: "async" });
    expect(parseCompletionModes("")).toEqual(every("sync"));
  });

  it("ignores spaces around parts, names and modes, and empty parts", () => {
    expect(parseCompletionModes("  async , hold = sync ,, release=sync , ")).toEqual(parseCompletionModes("async,hold=sync,release=sync"));
  });

  it("refuses a mode other than sync or async, naming the part", () => {
    expect(() => parseCompletionModes("fast")).toThrow('"fast": the mode must be sync or async');
    expect(() => parseCompletionModes("async,hold=later")).toThrow('"hold=later": the mode must be sync or async');
    expect(() => parseCompletionModes("hold=")).toThrow('"hold=": the mode must be sync or async');
    expect(() => parseCompletionModes("SYNC")).toThrow(/"SYNC"/);
  });

  it("refuses an unknown operation, naming the part and the operations there are", () => {
    expect(() => parseCompletionModes("async,transfer=sync")).toThrow(
      '"transfer=sync": unknown operation transfer; one of depositInstruction, approval, hold, release, rollback, payout',
    );
    expect(() => parseCompletionModes("=sync")).toThrow(/"=sync": unknown operation/);
  });
});

describe("parseCompletionModes refuses ambiguous settings", () => {
  it("refuses two = in one part", () => {
    expect(() => parseCompletionModes("hold=sync=async")).toThrow('"hold=sync=async": write one operation=mode per comma');
  });
});
