// GET {router_url}/finapi/profiles/{profileId}/holdings (decisions.md §8) – what the profile's finId
// holds, per asset: balance, held (in escrow, or tokens promised to trades under way) and available.
// Money comes from ledger imports and receipts, kept per payment organization and shown summed per
// currency (the answer of decisions.md §8 names no organization); tokens from this node's token ledger.
import { formatUnits, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { findAccessibleProfile } from "./find-accessible-profile";

function amounts(balance: bigint, held: bigint) {
  return { balance: formatUnits(balance), held: formatUnits(held), available: formatUnits(balance - held) };
}

/** One line per (asset type, code): the sum over the payment organizations keeping it. */
function perAsset(rows: readonly { assetType: string; assetCode: string; balance: string; held: string }[]) {
  const sums = new Map<string, { assetType: string; assetCode: string; balance: bigint; held: bigint }>();
  for (const r of rows) {
    const key = `${r.assetType}|${r.assetCode}`;
    const sum = sums.get(key) ?? { assetType: r.assetType, assetCode: r.assetCode, balance: 0n, held: 0n };
    sum.balance += unitsOfSigned(r.balance);
    sum.held += unitsOfSigned(r.held);
    sums.set(key, sum);
  }
  return [...sums.values()];
}

export async function getProfileHoldings(profileId: string, caller: Principal) {
  const profile = await findAccessibleProfile(profileId, caller);
  const money = await db.holding.findMany({ where: { finId: profile.finId }, orderBy: [{ assetType: "asc" }, { assetCode: "asc" }] });
  const tokens = await db.tokenBalance.findMany({ where: { ownerFinId: profile.finId }, orderBy: { assetId: "asc" } });
  return {
    holdings: [
      ...perAsset(money).map((h) => ({
        asset: h.assetType === "fiat" ? { type: "fiat", code: h.assetCode } : { type: "p2p", resourceId: h.assetCode },
        ...amounts(h.balance, h.held),
      })),
      ...tokens
        .filter((t) => t.balance !== "0" || t.reserved !== "0")
        .map((t) => ({ asset: { type: "p2p", resourceId: t.assetId }, ...amounts(unitsOfSigned(t.balance), unitsOfSigned(t.reserved)) })),
    ],
  };
}
