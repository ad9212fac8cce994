"use client";

import { useApolloClient, useQuery } from "@apollo/client/react";
import { useState } from "react";

import { LivePlanEventsProvider } from "@/components/trade/live-plan-events";
import { ReceiptPairsTable } from "@/components/trade/receipt-pairs-table";
import { ProblemMessage } from "@/components/ui/problem-message";
import { CursorPager, useCursorPages } from "@/components/ui/cursor-pager";
import { mutedTextClass, primaryButtonClass } from "@/components/ui/styles";
import { pairReceipts, type ReceiptRow } from "@/lib/client/receipt-pairs";
import { RECEIPTS_PAGE } from "@/lib/client/trading-documents";

const PAGE_SIZE = 50;
/** The export reads at most this many pages of 100 receipts. */
const EXPORT_MAX_PAGES = 50;

function saveFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoking at once can cancel the download before the browser has read the blob.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function ReceiptsWorkspace() {
  return (
    <LivePlanEventsProvider>
      <Receipts />
    </LivePlanEventsProvider>
  );
}

function Receipts() {
  const apollo = useApolloClient();
  const pages = useCursorPages();
  const receipts = useQuery(RECEIPTS_PAGE, { variables: { first: PAGE_SIZE, after: pages.cursor }, fetchPolicy: "cache-and-network" });
  const [exporting, setExporting] = useState<"idle" | "busy" | "done" | { error: unknown }>("idle");
  const page = receipts.data?.receipts;
  const pairs = pairReceipts(page?.nodes ?? []);

  async function exportCsv() {
    setExporting("busy");
    try {
      const all: ReceiptRow[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < EXPORT_MAX_PAGES; i += 1) {
        const result: { data?: { receipts: { nodes: ReceiptRow[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } } = await apollo.query({
          query: RECEIPTS_PAGE,
          variables: { first: 100, after: cursor },
          fetchPolicy: "network-only",
        });
        const receiptsPage = result.data?.receipts;
        if (!receiptsPage) throw new Error("The server sent no receipts.");
        all.push(...receiptsPage.nodes);
        cursor = receiptsPage.pageInfo.hasNextPage ? receiptsPage.pageInfo.endCursor : null;
        if (cursor === null) break;
      }
      const { receiptPairsCsv } = await import("@/lib/client/receipt-pairs-csv");
      saveFile(`receipts-${new Date().toISOString().slice(0, 10)}.csv`, receiptPairsCsv(pairReceipts(all)));
      setExporting("done");
    } catch (error) {
      setExporting({ error });
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={primaryButtonClass} onClick={exportCsv} disabled={exporting === "busy" || !page || page.nodes.length === 0}>
          {exporting === "busy" ? "Preparing the CSV file…" : "Download CSV"}
        </button>
        <span role="status" className={mutedTextClass}>
          {exporting === "done" ? "The CSV file with all your receipts was downloaded." : ""}
        </span>
      </div>
      {typeof exporting === "object" ? <ProblemMessage summary="The CSV file could not be made: not every receipt could be read. Try again." error={exporting.error} /> : null}
      {receipts.loading && !page ? <p role="status" className={mutedTextClass}>Loading receipts…</p> : null}
      {receipts.error ? <ProblemMessage summary="Your receipts could not be loaded. Reload the page to try again." error={receipts.error} /> : null}
      {page && page.nodes.length === 0 ? <p className={mutedTextClass}>No receipts yet. Each completed trade gives a token receipt and a payment receipt.</p> : null}
      {pairs.length > 0 ? <ReceiptPairsTable pairs={pairs} caption="Your receipts, a trade's token and payment receipts side by side, newest first" /> : null}
      <CursorPager label="Pages of receipts" pages={pages} nextCursor={page?.pageInfo.hasNextPage ? page.pageInfo.endCursor : null} />
    </div>
  );
}
