// GET {router_url}/finapi/profiles/{profileId}/holdings (decisions.md §8) – what the profile's finId
// holds, per asset: balance, held (in escrow, or tokens promised to trades under way) and available.
// Money comes from ledger imports and receipts, kept per payment organization and shown summed per
// currency (the answer of decisions.md §8 names no organization); tokens from this node's token ledger.
import { formatUnits, sumUnitsBy, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { findAccessibleProfile } from "./find-accessible-profile";

function amounts(balance: bigint, held: bigint) {
  return { balance: formatUnits(balance), held: formatUnits(held), available: formatUnits(balance - held) };
}

export async function getProfileHoldings(profileId: string, caller: Principal) {
  const profile = await findAccessibleProfile(profileId, caller);
  const money = await db.holding.findMany({ where: { finId: profile.finId }, orderBy: [{ assetType: "asc" }, { assetCode: "asc" }] });
  const tokens = await db.tokenBalance.findMany({ where: { ownerFinId: profile.finId }, orderBy: { assetId: "asc" } });
  return {
    holdings: [
      // One line per (asset type, code): the sum over the payment organizations keeping it.
      ...[...sumUnitsBy(money, (h) => [`${h.assetType}|${h.assetCode}`, h.balance, h.held])].map(([key, sum]) => {
        const [assetType, assetCode = ""] = key.split("|");
        return { asset: assetType === "fiat" ? { type: "fiat", code: assetCode } : { type: "p2p", resourceId: assetCode }, ...amounts(sum.balance, sum.held) };
      }),
      ...tokens
        .filter((t) => t.balance !== "0" || t.reserved !== "0")
        .map((t) => ({ asset: { type: "p2p", resourceId: t.assetId }, ...amounts(unitsOfSigned(t.balance), unitsOfSigned(t.reserved)) })),
    ],
  };
}
