// Owner profiles (interface.md "Create investor profile", "Share profile"; decisions.md §5).

import { z } from "zod";

import {
  allDistinct,
  finIdSchema,
  investorIdParamSchema,
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

export type CreateOwnerProfileRequest = z.infer<typeof createOwnerProfileRequestSchema>;
export type CreateOwnerProfileResponse = z.infer<typeof createOwnerProfileResponseSchema>;
export type ShareProfileRequest = z.infer<typeof shareProfileRequestSchema>;

/** Path parameters of the account-proof surface: `investorId` by interface.md's own pattern and limit. */
export const investorParams = z.strictObject({ investorId: investorIdParamSchema });
