// GET {router_url}/finapi/profiles/{profileId}/holdings (decisions.md §8) – what the profile's finId
// holds, per asset: balance, held (in escrow for trades under way) and available.
import { formatUnits, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { findAccessibleProfile } from "./find-accessible-profile";

export async function getProfileHoldings(profileId: string, caller: Principal) {
  const profile = await findAccessibleProfile(profileId, caller);
  const rows = await db.holding.findMany({ where: { finId: profile.finId }, orderBy: [{ assetType: "asc" }, { assetCode: "asc" }] });
  return {
    holdings: rows.map((h) => {
      const balance = unitsOfSigned(h.balance);
      const held = unitsOfSigned(h.held);
      return {
        asset: h.assetType === "fiat" ? { type: "fiat", code: h.assetCode } : { type: "p2p", resourceId: h.assetCode },
        balance: formatUnits(balance),
        held: formatUnits(held),
        available: formatUnits(balance - held),
      };
    }),
  };
}
