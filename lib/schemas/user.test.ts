import { describe, expect, it } from "vitest";

import { createUserRequestSchema, PASSWORD_MIN_LENGTH, ROLES, roleSchema } from "@/lib/schemas/user";
import { issuesOf } from "@/lib/schemas/test-fixtures";

describe("roleSchema", () => {
  it("has the five roles of decisions.md §8", () => {
    expect(ROLES).toEqual(["investor", "issuer", "admin", "escrowOperator", "organization"]);
    for (const role of ROLES) expect(roleSchema.parse(role)).toBe(role);
  });

  it("refuses others, listing the roles", () => {
    expect(issuesOf(roleSchema, "root")).toEqual([
      ": must be one of investor, issuer, admin, escrowOperator, organization",
    ]);
  });
});

describe("createUserRequestSchema", () => {
  it("accepts a user with and without a password, lower-casing the email", () => {
    expect(createUserRequestSchema.parse({ email: " Alice@Example.COM ", name: "Alice", role: "investor" })).toEqual({
      email: "alice@example.com",
      name: "Alice",
      role: "investor",
    });
    expect(
      createUserRequestSchema.safeParse({
        email: "ops@escrow.example",
        name: "Ops",
        role: "escrowOperator",
        password: "correct horse",
      }).success,
    ).toBe(true);
  });

  it("refuses a bad email, a short password and unknown keys", () => {
    expect(issuesOf(createUserRequestSchema, { email: "alice", name: "Alice", role: "admin" })).toEqual([
      "email: must be an email address",
    ]);
    expect(issuesOf(createUserRequestSchema, { email: "a@b.co", name: "A", role: "admin", password: "short" })).toEqual(
      [`password: must be at least ${PASSWORD_MIN_LENGTH} characters`],
    );
    expect(createUserRequestSchema.safeParse({ email: "a@b.co", name: "A", role: "admin", token: "x" }).success).toBe(
      false,
    );
  });

  it("requires email, name and role", () => {
    expect(issuesOf(createUserRequestSchema, {})).toEqual([
      "email: is required",
      "name: is required",
      "role: is required",
    ]);
  });
});
