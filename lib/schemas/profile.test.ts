import { describe, expect, it } from "vitest";

import {
  createOwnerProfileRequestSchema,
  createOwnerProfileResponseSchema,
  SHARE_MAX_ORGANIZATIONS,
  shareProfileRequestSchema,
} from "@/lib/schemas/profile";
import { BUYER_FIN_ID, BUYER_PROFILE_ID, issuesOf } from "@/lib/schemas/test-fixtures";

// The ownerProfile vector of vectors.json.
const OWNER_PROFILE_SIGNATURE =
  "d0601d0e50f8195de04621b7cdbb603f16758697512c1531e8ebfa9497756e2815c38145fb26bd6e151f796f8e0d8cb6aca3e957b4645a0e21de3687a6f60868";

describe("createOwnerProfileRequestSchema", () => {
  it("accepts the vector's public key and signature", () => {
    const body = { publicKey: BUYER_FIN_ID, signature: OWNER_PROFILE_SIGNATURE };
    expect(createOwnerProfileRequestSchema.parse(body)).toEqual(body);
  });

  it("normalises an upper-case key", () => {
    expect(
      createOwnerProfileRequestSchema.parse({
        publicKey: BUYER_FIN_ID.toUpperCase(),
        signature: OWNER_PROFILE_SIGNATURE,
      }).publicKey,
    ).toBe(BUYER_FIN_ID);
  });

  it("refuses an uncompressed key, a missing signature and unknown keys", () => {
    expect(
      createOwnerProfileRequestSchema.safeParse({
        publicKey: `04${"ab".repeat(64)}`,
        signature: OWNER_PROFILE_SIGNATURE,
      }).success,
    ).toBe(false);
    expect(issuesOf(createOwnerProfileRequestSchema, { publicKey: BUYER_FIN_ID })).toEqual(["signature: is required"]);
    expect(
      createOwnerProfileRequestSchema.safeParse({
        publicKey: BUYER_FIN_ID,
        signature: OWNER_PROFILE_SIGNATURE,
        name: "x",
      }).success,
    ).toBe(false);
  });
});

describe("createOwnerProfileResponseSchema", () => {
  it("reads { isCompleted, response: { id }, type: 'profile' }", () => {
    expect(
      createOwnerProfileResponseSchema.safeParse({
        isCompleted: true,
        response: { id: BUYER_PROFILE_ID },
        type: "profile",
      }).success,
    ).toBe(true);
  });
});

describe("shareProfileRequestSchema", () => {
  it("accepts 1 to 50 distinct organizations", () => {
    expect(shareProfileRequestSchema.parse({ organizations: ["escrow"] })).toEqual({ organizations: ["escrow"] });
    const many = Array.from({ length: SHARE_MAX_ORGANIZATIONS }, (_, i) => `org-${i}`);
    expect(shareProfileRequestSchema.safeParse({ organizations: many }).success).toBe(true);
  });

  it("refuses none, too many, duplicates and bad ids", () => {
    expect(issuesOf(shareProfileRequestSchema, { organizations: [] })).toEqual([
      "organizations: must name at least one organization",
    ]);
    const tooMany = Array.from({ length: SHARE_MAX_ORGANIZATIONS + 1 }, (_, i) => `org-${i}`);
    expect(issuesOf(shareProfileRequestSchema, { organizations: tooMany })).toEqual([
      `organizations: must name at most ${SHARE_MAX_ORGANIZATIONS} organizations`,
    ]);
    expect(issuesOf(shareProfileRequestSchema, { organizations: ["escrow", "escrow"] })).toEqual([
      "organizations: must not name an organization twice",
    ]);
    expect(issuesOf(shareProfileRequestSchema, { organizations: ["Escrow Inc"] })[0]).toMatch(
      /^organizations\.0: must be an organization id/,
    );
  });
});
