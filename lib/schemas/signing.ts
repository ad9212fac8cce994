// Manual signing (interface.md "Manual-signing callback", "Return asynchronous signature"):
// the router asks an intent creator's endpoint to sign; the signer answers at once or later.

import { z } from "zod";

import {
  assetIdSchema,
  finIdSchema,
  intentIdSchema,
  signatureHexSchema,
  strictObject,
  tolerantObject,
  uuidSchema,
  orRequired,
} from "@/lib/schemas/common";
import { signatureTemplateSchema } from "@/lib/schemas/signature";

/** Signing requests are created by this router, so their ids are uuids. */
export const signingRequestIdSchema = uuidSchema;

// POST <signature policy endpoint> – what the router sends to the signer (the portal's inbox receives it).
export const signingRequestSchema = strictObject({
  requestId: signingRequestIdSchema,
  intentId: intentIdSchema,
  signer: finIdSchema,
  hashFunction: z.literal("sha3-256", { error: orRequired('must be "sha3-256"') }),
  signatureTemplate: signatureTemplateSchema,
});

/** The endpoint's answer, read tolerantly: signed now, or acknowledged and signed later. */
export const signingReplySchema = z.discriminatedUnion(
  "type",
  [
    tolerantObject({ type: z.literal("acknowledgement") }),
    tolerantObject({ type: z.literal("signature"), signature: signatureHexSchema }),
  ],
  { error: orRequired('type must be "acknowledgement" or "signature"') },
);

// POST {router_url}/finapi/tokens/signature-result – the signer returns a signature later.
export const signatureResultRequestSchema = strictObject({
  requestId: signingRequestIdSchema,
  assetId: assetIdSchema,
  intentId: intentIdSchema,
  signature: signatureHexSchema,
});

export type SigningRequest = z.infer<typeof signingRequestSchema>;
export type SigningReply = z.infer<typeof signingReplySchema>;
export type SignatureResultRequest = z.infer<typeof signatureResultRequestSchema>;
