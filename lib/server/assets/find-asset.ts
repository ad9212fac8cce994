// The asset an id names, or the 404 every asset route answers for an unknown one.
import { AppError } from "@/lib/domain/app-error";
import { db } from "@/lib/server/db/client";

export async function findAsset(assetId: string) {
  const asset = await db.asset.findUnique({ where: { id: assetId } });
  if (!asset) throw new AppError("NOT_FOUND", `No asset ${assetId}.`);
  return asset;
}
