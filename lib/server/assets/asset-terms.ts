// An asset's terms as a trade reads them: its decimals at execution, its rules for the buyer in the
// plan's rules stage. An asset never changes once created (immutable-rows.ts), so each is read once
// per process rather than twice per trade.
import { dbBool, prepared, sqlDb } from "@/lib/server/db/sql";
import { ImmutableRows } from "@/lib/server/db/immutable-rows";

export type AssetTerms = { decimals: number; requiresKycAml: boolean; requiresAccreditation: boolean };

const ASSETS_KEPT_MAX = 10_000;
const kept = new ImmutableRows<AssetTerms>(ASSETS_KEPT_MAX);

const termsOf = prepared((db, a: { id: string }) => db.selectFrom("Asset").select(["decimals", "requiresKycAml", "requiresAccreditation"]).where("id", "=", a.id));

/** The terms of asset `id`, or undefined when there is no such asset (yet). */
export function assetTerms(id: string): Promise<AssetTerms | undefined> {
  return kept.find(id, async () => {
    const row = await termsOf.first(sqlDb, { id });
    return row && { decimals: row.decimals, requiresKycAml: dbBool(row.requiresKycAml), requiresAccreditation: dbBool(row.requiresAccreditation) };
  });
}
