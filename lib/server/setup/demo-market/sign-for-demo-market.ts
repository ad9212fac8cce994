// POST /api/signing/demo-market/{profileId} – the signing endpoint of the demo market's sellers. It
// takes a request exactly as the portal's signing inbox does (receiveSigningRequest: only one this
// router really made for this profile's key, with the policy's HMAC when it has a secret), and then
// the seller answers at once, as an owner would from the inbox: signature-result with the profile's
// key, after this acknowledgement is on its way. Only for the demo market's own profiles, and only
// while the server serves this machine alone; anyone else is told there is no such request (404).
import { AppError } from "@/lib/domain/app-error";
import { signHash } from "@/lib/domain/secp256k1";
import { env } from "@/lib/env";
import { signingRequestSchema } from "@/lib/schemas/signing";
import { principalFromUserId } from "@/lib/server/auth/principal";
import { openSecret } from "@/lib/server/crypto/secret-box";
import { db } from "@/lib/server/db/client";
import { isJsonContentType, parseJsonText } from "@/lib/server/http/read-body";
import { logger } from "@/lib/server/log";
import { receiveSigningRequest } from "@/lib/server/trading/receive-signing-request";
import { submitSignatureResult } from "@/lib/server/trading/submit-signature-result";
import { DEMO_MARKET_KEY_PURPOSE } from "./demo-parties";
import type { ApiHeaders } from "@/lib/server/http/api-request";

const notHere = () => new AppError("NOT_FOUND", "No signing request like this one was made for this profile.");

async function answerAtOnce(profileId: string, requestId: string, privateKey: string): Promise<void> {
  const [profile, request] = await Promise.all([db.profile.findUnique({ where: { id: profileId } }), db.signingRequest.findUnique({ where: { id: requestId } })]);
  const intent = request ? await db.intent.findUnique({ where: { id: request.intentId } }) : null;
  const owner = profile ? await principalFromUserId(profile.ownerUserId) : null;
  if (!request || !intent || !owner) return;
  const signature = signHash((JSON.parse(request.template) as { hash: string }).hash, privateKey);
  await submitSignatureResult({ requestId, assetId: intent.assetId, intentId: intent.id, signature }, owner);
}

export async function signForDemoMarket(profileId: string, rawBody: string, headers: ApiHeaders): Promise<{ type: string }> {
  // Before anything is looked up, as receiveSigningRequest and every JSON route answer it.
  if (!isJsonContentType(headers.get("content-type"))) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
  if (!env.SEED_DEMO_DATA) throw notHere();
  const key = await db.demoMarketKey.findUnique({ where: { profileId } });
  if (!key) throw notHere();
  const acknowledgement = await receiveSigningRequest(profileId, rawBody, headers);
  const { requestId } = signingRequestSchema.parse(parseJsonText(rawBody));
  const privateKey = openSecret(key.privateKeySealed, env.AUTH_SECRET, DEMO_MARKET_KEY_PURPOSE);
  setImmediate(() => {
    answerAtOnce(profileId, requestId, privateKey).catch((error: unknown) => logger.error({ err: error, profileId, requestId }, "the demo market's seller could not sign"));
  });
  return acknowledgement;
}
