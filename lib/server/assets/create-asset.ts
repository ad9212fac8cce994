// POST {router_url}/finapi/profiles/asset (decisions.md §8) – an issuer creates an asset for one of its
// own profiles. The denomination is the asset's settlement currency; decimals default to 0 and the
// rules to "no certificates needed". An Idempotency-Key header makes a retry answer the same asset
// (lib/server/http/create-once.ts).
import { makeId } from "@/lib/domain/ids";
import { env } from "@/lib/env";
import type { CreateAssetRequest } from "@/lib/schemas/asset";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { createOnce, type KeyedCreate } from "@/lib/server/http/create-once";
import { findAccessibleProfile } from "@/lib/server/profiles/find-accessible-profile";

export function createAsset(input: CreateAssetRequest, caller: Principal, requestId: string, keyed: KeyedCreate | null): Promise<{ id: string }> {
  const findByKey = (idempotencyKey: string) => db.asset.findUnique({ where: { idempotencyKey }, select: { id: true, requestHash: true } });
  return createOnce(keyed, "asset", findByKey, () => createNewAsset(input, caller, requestId, keyed));
}

async function createNewAsset(input: CreateAssetRequest, caller: Principal, requestId: string, keyed: KeyedCreate | null): Promise<{ id: string }> {
  const issuer = await findAccessibleProfile(input.issuerId, caller, "act");
  const id = makeId(env.ORG_ID, "asset");
  const data = {
    id,
    name: input.name,
    issuerProfileId: issuer.id,
    createdByUserId: caller.userId,
    denominationCode: input.denomination.code,
    decimals: input.decimals ?? 0,
    requiresKycAml: input.rules?.kycAml ?? false,
    requiresAccreditation: input.rules?.accreditation ?? false,
    idempotencyKey: keyed?.idempotencyKey ?? null,
    requestHash: keyed?.requestHash ?? null,
  };
  await db.$transaction(async (tx) => {
    await tx.asset.create({ data });
    await recordAudit(tx, {
      actorUserId: caller.userId,
      action: "asset.created",
      subjectType: "asset",
      subjectId: id,
      requestId,
      details: { name: data.name, issuerId: data.issuerProfileId, denomination: data.denominationCode, decimals: data.decimals },
    });
  });
  return { id };
}
