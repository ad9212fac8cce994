// Receipts as a person reads them: a trade's token receipt and payment receipt side by side, paired
// by settlementRef (the plan id, README "Trades"), and the same pairs as a CSV file (RFC 4180, with
// cells that a spreadsheet would run as a formula defused).
import { writeCsv } from "@/lib/client/csv";

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

const CSV_COLUMNS = [
  "settlementRef",
  "time (UTC)",
  "token receipt",
  "token asset id",
  "token asset",
  "token quantity",
  "tokens from",
  "tokens to",
  "payment receipt",
  "currency",
  "amount",
  "paid by",
  "paid to",
] as const;

const party = (p: ReceiptParty) => p?.publicKey ?? "";
const resourceIdOf = (asset: ReceiptAssetKind | undefined) => (asset?.__typename === "P2PAsset" ? asset.resourceId : "");

/** One header line, then one line per pair, CRLF-separated as RFC 4180 asks (lib/client/csv.ts). */
export function receiptPairsCsv(pairs: readonly ReceiptPair[]): string {
  const lines = pairs.map(({ settlementRef, timestamp, token, payment }) =>
    [
      settlementRef,
      new Date(timestamp * 1000).toISOString(),
      token?.id ?? "",
      resourceIdOf(token?.asset),
      token ? assetLabel(token.asset) : "",
      token?.quantity ?? "",
      party(token?.source ?? null),
      party(token?.destination ?? null),
      payment?.id ?? "",
      payment ? assetLabel(payment.asset) : "",
      payment?.quantity ?? "",
      party(payment?.source ?? null),
      party(payment?.destination ?? null),
    ],
  );
  return writeCsv(CSV_COLUMNS, lines);
}
