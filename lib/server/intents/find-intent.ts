// The intent a path names. Intents are public to signed-in callers; changing one is for its creator,
// and anyone else gets the same 404 as for an unknown intent.
import { AppError } from "@/lib/domain/app-error";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";

export async function findIntentOfAsset(assetId: string, intentId: string) {
  const intent = await db.intent.findUnique({ where: { id: intentId } });
  if (!intent || intent.assetId !== assetId) throw new AppError("NOT_FOUND", `No intent ${intentId} of asset ${assetId}.`);
  return intent;
}

/** The intent, when the caller owns the profile that published it (issuerId, seller or buyer). */
export async function findOwnIntent(assetId: string, intentId: string, caller: Principal) {
  const intent = await db.intent.findUnique({ where: { id: intentId } });
  const owner = intent ? await db.profile.findUnique({ where: { id: intent.ownerProfileId }, select: { ownerUserId: true } }) : null;
  if (!intent || intent.assetId !== assetId || owner?.ownerUserId !== caller.userId) {
    throw new AppError("NOT_FOUND", `No intent ${intentId} of asset ${assetId} that you may change.`);
  }
  return intent;
}
