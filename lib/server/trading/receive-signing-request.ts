// POST /api/signing/callback/{profileId} – the portal's signing inbox, a manual-signing callback
// endpoint (decisions.md §1): it takes a request only when this node's router really made it for
// this profile's key (same requestId, intent, signer and template) and, when the intent's policy has
// a secret, only with a valid HMAC (decisions.md §6). It stores the request for the owner and
// answers `{ type: "acknowledgement" }`; the owner signs in the browser and posts signature-result.
import { AppError } from "@/lib/domain/app-error";
import { verifySigningHmac } from "@/lib/domain/signing-hmac";
import { templatesEqual, type SignatureTemplate } from "@/lib/domain/signature-template";
import { signingRequestSchema } from "@/lib/schemas/signing";
import { db } from "@/lib/server/db/client";
import { isJsonContentType, parseJsonText } from "@/lib/server/http/read-body";
import { fieldErrors } from "@/lib/server/http/zod-errors";
import { openSigningSecret } from "@/lib/server/intents/signing-secret";
import type { ApiHeaders } from "@/lib/server/http/api-request";

export async function receiveSigningRequest(profileId: string, rawBody: string, headers: ApiHeaders) {
  // The HMAC covers the raw bytes, so the body is read as text here; it must still be JSON.
  if (!isJsonContentType(headers.get("content-type"))) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
  const parsed = signingRequestSchema.safeParse(parseJsonText(rawBody));
  if (!parsed.success) throw new AppError("VALIDATION_FAILED", "The body is not a signing request.", fieldErrors(parsed.error, "body"));
  const body = parsed.data;
  const profile = await db.profile.findUnique({ where: { id: profileId } });
  const request = await db.signingRequest.findUnique({ where: { id: body.requestId } });
  const intent = request ? await db.intent.findUnique({ where: { id: request.intentId } }) : null;
  const genuine =
    profile !== null &&
    request !== null &&
    intent !== null &&
    request.intentId === body.intentId &&
    request.signerFinId === body.signer.toLowerCase() &&
    profile.finId === request.signerFinId &&
    templatesEqual(JSON.parse(request.template) as SignatureTemplate, body.signatureTemplate);
  if (!genuine) throw new AppError("NOT_FOUND", "No signing request like this one was made for this profile.");
  if (intent.signatureSecretSealed) {
    const secret = openSigningSecret(intent.signatureSecretSealed);
    if (!verifySigningHmac(secret, headers.get("x-signature-timestamp"), headers.get("x-signature"), rawBody, Math.floor(Date.now() / 1000))) {
      throw new AppError("UNAUTHENTICATED", "X-Signature does not authenticate this body under the intent's signing secret (or X-Signature-Timestamp is stale).");
    }
  }
  await db.inboxSigningRequest.upsert({
    where: { id: body.requestId },
    create: { id: body.requestId, profileId, intentId: body.intentId, signer: request.signerFinId, template: request.template },
    update: {},
  });
  return { type: "acknowledgement" };
}
