// Manual signing (interface.md "Manual-signing callback", "Return asynchronous signature"):
// the router asks an intent creator's endpoint to sign; the signer answers at once or later.

import { z } from "zod";

import {
  assetIdSchema,
  epochSecondsSchema,
  profileIdSchema,
  finIdSchema,
  intentIdSchema,
  planIdSchema,
  signatureHexSchema,
  strictObject,
  text,
  tolerantObject,
  uuidSchema,
  orRequired,
} from "@/lib/schemas/common";
import { signatureSchemas, signatureTemplateSchema } from "@/lib/schemas/signature";

/** Signing requests are created by this router, so their ids are uuids. */
export const signingRequestIdSchema = uuidSchema;

/** What names the request a signature-result or a decline answers. */
const answeredRequestShape = { requestId: signingRequestIdSchema, assetId: assetIdSchema, intentId: intentIdSchema };

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
export const signatureResultRequestSchema = strictObject({ ...answeredRequestShape, signature: signatureHexSchema });

export const DECLINE_REASON_MAX_LENGTH = 500;
/** Line breaks and tabs are fine; other control characters and lone surrogates are not text a person wrote. */
const NOT_PLAIN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The owner's reason for saying no: the counterparty reads it as why the trade was rejected. */
export const declineReasonSchema = text(DECLINE_REASON_MAX_LENGTH).refine((value) => !NOT_PLAIN_TEXT.test(value), {
  error: "must be plain text, without control characters",
});

// POST {router_url}/finapi/tokens/signature-result/decline – the signer refuses to sign, with a reason.
export const signatureDeclineRequestSchema = strictObject({ ...answeredRequestShape, reason: declineReasonSchema });

export const INBOX_MAX_REQUESTS = 100;
export const SIGNING_INBOX_STATES = ["pending", "sent", "declined", "expired"] as const;
export const signingInboxStateSchema = z.enum(SIGNING_INBOX_STATES);

// GET /api/signing/inbox?state= – `pending` (the default): requests not answered yet; `all`: also the answered ones.
export const signingInboxQuerySchema = strictObject({
  state: z.enum(["pending", "all"], { error: orRequired('must be "pending" or "all"') }).default("pending"),
});

/** A request the router sent to the owner's manual-signing callback, as the owner's inbox shows it. */
export const inboxSigningRequestSchema = tolerantObject({
  requestId: signingRequestIdSchema,
  profileId: profileIdSchema,
  intentId: intentIdSchema,
  /** The intent's asset: signature-result names it. Null only if the intent is gone. */
  assetId: assetIdSchema.nullable(),
  signer: finIdSchema,
  signatureTemplate: signatureSchemas.tolerant.template,
  receivedAt: epochSecondsSchema,
  /** Until when the router takes the signature; null if the router's request is gone. */
  expiresAt: epochSecondsSchema.nullable(),
  state: signingInboxStateSchema,
  /** The trade the signature is for (the owner takes part in it, so may read it); null if gone. */
  planId: planIdSchema.nullable(),
  /** The asset's name, as every signed-in caller may read it; null if the asset is gone. */
  assetName: z.string().nullable(),
  /** The other side of the trade, as the plan names it: its role and its key. */
  counterparty: tolerantObject({ role: z.enum(["buyer", "seller"]), finId: finIdSchema }).nullable(),
  /** The owner's reason, when the request was declined. */
  declineReason: z.string().nullable(),
});

export const signingInboxSchema = tolerantObject({
  requests: z.array(inboxSigningRequestSchema).max(INBOX_MAX_REQUESTS),
  /** The server's clock (epoch seconds) when it answered: the portal counts the time left from it. */
  serverTime: epochSecondsSchema,
});

export { signingInboxCountSchema, type SigningInboxCount } from "@/lib/schemas/signing-inbox-count";

export type SigningRequest = z.infer<typeof signingRequestSchema>;
export type SigningReply = z.infer<typeof signingReplySchema>;
export type SignatureResultRequest = z.infer<typeof signatureResultRequestSchema>;
export type SignatureDeclineRequest = z.infer<typeof signatureDeclineRequestSchema>;
export type SigningInboxState = z.infer<typeof signingInboxStateSchema>;
export type SigningInboxQuery = z.infer<typeof signingInboxQuerySchema>;
export type InboxSigningRequest = z.infer<typeof inboxSigningRequestSchema>;
export type SigningInbox = z.infer<typeof signingInboxSchema>;
