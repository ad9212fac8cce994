// Owner profiles (interface.md "Create investor profile", "Share profile"; decisions.md §5).

import { z } from "zod";

import {
  allDistinct,
  finIdSchema,
  investorIdParamSchema,
  LIST_MAX_ITEMS,
  orgIdSchema,
  profileIdSchema,
  signatureHexSchema,
  strictObject,
  tolerantObject,
} from "@/lib/schemas/common";

export const SHARE_MAX_ORGANIZATIONS = 50;

// POST {router_url}/finapi/profiles/owner – create (or find) the profile of a public key.
export const createOwnerProfileRequestSchema = strictObject({
  /** The compressed public key, which becomes the profile's finId. */
  publicKey: finIdSchema,
  /** Over sha3-256 of the key's 33 bytes: proof that the caller holds the key. */
  signature: signatureHexSchema,
});

export const createOwnerProfileResponseSchema = tolerantObject({
  isCompleted: z.boolean(),
  response: tolerantObject({ id: profileIdSchema }),
  type: z.literal("profile"),
});

// POST {router_url}/profiles/{profileId}/share – let payment organizations see the profile.
export const shareProfileRequestSchema = strictObject({
  organizations: z
    .array(orgIdSchema, { error: "must be a list of organization ids" })
    .min(1, { error: "must name at least one organization" })
    .max(SHARE_MAX_ORGANIZATIONS, { error: `must name at most ${SHARE_MAX_ORGANIZATIONS} organizations` })
    .refine((ids) => allDistinct(ids), { error: "must not name an organization twice" }),
});

// GET {router_url}/finapi/profiles and GET …/profiles/{profileId} – how a profile is shown.
export const profileViewSchema = tolerantObject({
  id: profileIdSchema,
  finId: finIdSchema,
  /** Epoch seconds. */
  createdAt: z.number().int().nonnegative(),
  sharedWith: z.array(orgIdSchema).max(LIST_MAX_ITEMS),
});

export const profilesResponseSchema = tolerantObject({
  profiles: z.array(profileViewSchema).max(LIST_MAX_ITEMS, { error: `at most ${LIST_MAX_ITEMS} profiles` }),
});

export type ProfileView = z.infer<typeof profileViewSchema>;
export type CreateOwnerProfileRequest = z.infer<typeof createOwnerProfileRequestSchema>;
export type CreateOwnerProfileResponse = z.infer<typeof createOwnerProfileResponseSchema>;
export type ShareProfileRequest = z.infer<typeof shareProfileRequestSchema>;

/** Path parameters of the account-proof surface: `investorId` by interface.md's own pattern and limit. */
export const investorParams = z.strictObject({ investorId: investorIdParamSchema });
