import { describe, expect, it } from "vitest";
import { AppError } from "./app-error";
import { assertSignatureClaims, signatureClaimProblems } from "./signature-claims";

const template = { hash: "ab".repeat(32), hashGroups: [] };

describe("what a signature says about itself", () => {
  it("accepts no claims, and the ones Ownera's routers send", () => {
    expect(signatureClaimProblems({ template }, "signature")).toEqual([]);
    for (const hashFunc of ["sha3-256", "sha3_256", "SHA3_256", "unspecified"]) {
      expect(signatureClaimProblems({ hashFunc, template: { ...template, type: "hashList" } }, "signature"), hashFunc).toEqual([]);
    }
    expect(() => assertSignatureClaims("a bare hex signature says nothing", "signature")).not.toThrow();
    expect(() => assertSignatureClaims(undefined, "signature")).not.toThrow();
  });

  it("refuses a hash or template kind that contradicts how the template is built, naming each field", () => {
    const problems = signatureClaimProblems({ hashFunc: "sha256", template: { ...template, type: "EIP712" } }, "signature");
    expect(problems.map((p) => p.path)).toEqual(["signature.hashFunc", "signature.template.type"]);
    expect(problems[0]?.message).toMatch(/"sha256".*sha3-256/);
    try {
      assertSignatureClaims({ hashFunc: "keccak-256", template }, "signature");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(422);
      expect((error as AppError).errors.map((e) => e.path)).toEqual(["signature.hashFunc"]);
    }
  });
});
