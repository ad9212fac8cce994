// Receipts as a person reads them: a trade's token receipt and payment receipt side by side, paired
// by settlementRef (the plan id, README "Trades"); the same pairs as a CSV file: receipt-pairs-csv.ts.

export type ReceiptAssetKind =
  | { __typename: "FiatAsset"; code: string }
  | { __typename: "P2PAsset"; resourceId: string; asset?: { name: string } | null }
  | { __typename: "Cryptocurrency"; symbol: string };

export type ReceiptParty = { id: string | null; publicKey: string } | null;

export type ReceiptRow = {
  id: string;
  quantity: string;
  timestamp: number;
  settlementRef: string;
  transactionId: string;
  asset: ReceiptAssetKind;
  source: ReceiptParty;
  destination: ReceiptParty;
};

export type ReceiptPair = { settlementRef: string; timestamp: number; token: ReceiptRow | null; payment: ReceiptRow | null };

/** Pairs in the order their first receipt appears (the query gives newest first). */
export function pairReceipts(receipts: readonly ReceiptRow[]): ReceiptPair[] {
  const pairs: ReceiptPair[] = [];
  const byRef = new Map<string, ReceiptPair>();
  for (const receipt of receipts) {
    // A receipt outside any trade has no settlementRef: it stands alone.
    const existing = receipt.settlementRef ? byRef.get(receipt.settlementRef) : undefined;
    const pair = existing ?? { settlementRef: receipt.settlementRef, timestamp: receipt.timestamp, token: null, payment: null };
    if (!existing) {
      pairs.push(pair);
      if (receipt.settlementRef) byRef.set(receipt.settlementRef, pair);
    }
    if (receipt.asset.__typename === "P2PAsset" && pair.token === null) pair.token = receipt;
    else if (receipt.asset.__typename === "FiatAsset" && pair.payment === null) pair.payment = receipt;
    pair.timestamp = Math.max(pair.timestamp, receipt.timestamp);
  }
  return pairs;
}

export function assetLabel(asset: ReceiptAssetKind): string {
  switch (asset.__typename) {
    case "FiatAsset":
      return asset.code;
    case "P2PAsset":
      return asset.asset?.name ?? asset.resourceId;
    case "Cryptocurrency":
      return asset.symbol;
  }
}
