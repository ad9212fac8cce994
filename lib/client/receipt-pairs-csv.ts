// The receipt pairs (receipt-pairs.ts) as a CSV file: RFC 4180, with cells that a spreadsheet would
// run as a formula defused (lib/client/csv.ts). Loaded when the receipts are exported, so the CSV
// writer is not part of the receipts page's first load.
import { writeCsv } from "@/lib/client/csv";
import { assetLabel, type ReceiptAssetKind, type ReceiptPair, type ReceiptParty } from "@/lib/client/receipt-pairs";

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
