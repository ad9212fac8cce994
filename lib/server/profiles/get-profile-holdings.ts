// GET {router_url}/finapi/profiles/{profileId}/holdings (decisions.md §8) – what the profile's finId
// holds, per asset: balance, held (in escrow, or tokens promised to trades under way) and available.
// Money comes from ledger imports and receipts; tokens from this node's token ledger.
import { formatUnits, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { findAccessibleProfile } from "./find-accessible-profile";

function amounts(balanceText: string, heldText: string) {
  const balance = unitsOfSigned(balanceText);
  const held = unitsOfSigned(heldText);
  return { balance: formatUnits(balance), held: formatUnits(held), available: formatUnits(balance - held) };
}

export async function getProfileHoldings(profileId: string, caller: Principal) {
  const profile = await findAccessibleProfile(profileId, caller);
  const money = await db.holding.findMany({ where: { finId: profile.finId }, orderBy: [{ assetType: "asc" }, { assetCode: "asc" }] });
  const tokens = await db.tokenBalance.findMany({ where: { ownerFinId: profile.finId }, orderBy: { assetId: "asc" } });
  return {
    holdings: [
      ...money.map((h) => ({
        asset: h.assetType === "fiat" ? { type: "fiat", code: h.assetCode } : { type: "p2p", resourceId: h.assetCode },
        ...amounts(h.balance, h.held),
      })),
      ...tokens.filter((t) => t.balance !== "0" || t.reserved !== "0").map((t) => ({ asset: { type: "p2p", resourceId: t.assetId }, ...amounts(t.balance, t.reserved) })),
    ],
  };
}
