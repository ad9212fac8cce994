"use client";

// The marketplace: ACTIVE intents of the type, asset and order the URL names, a server page at a
// time, kept fresh live (lib/client/live-marketplace.ts). One polite status region, present from the
// start, says how many offers the page holds and when a live change came in; it never takes focus.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo } from "react";

import { CursorPager, useCursorPages } from "@/components/ui/cursor-pager";
import { ProblemMessage } from "@/components/ui/problem-message";
import { mutedTextClass } from "@/components/ui/styles";
import { apiCall } from "@/lib/client/api-client";
import { refusalReason } from "@/lib/client/problem-words";
import { useProfiles } from "@/lib/client/queries";
import { MARKETPLACE_POLL_MS, useLiveMarketplace } from "@/lib/client/live-marketplace";
import {
  activeIntentsUrl,
  isFiltered,
  marketplaceKeys,
  OFFERED_ASSETS_URL,
  offersSummary,
  searchOfView,
  shareStamped,
  stamped,
  viewFromSearch,
  type MarketplaceView,
  type Stamped,
} from "@/lib/client/marketplace-view";
import { intentsPageSchema, offeredAssetsResponseSchema, type IntentsPage } from "@/lib/schemas/intent";
import { MarketplaceFilters } from "./marketplace-filters";
import { OffersTable, TYPE_LABEL } from "./offers-table";

export const MARKETPLACE_PAGE_SIZE = 20;

function emptyText(view: MarketplaceView, assetName: string | undefined): string {
  const type = view.type ? ` of type ${TYPE_LABEL[view.type]}` : "";
  const asset = view.assetId ? ` for ${assetName ?? view.assetId}` : "";
  return `No active offers${type}${asset} right now.`;
}

type StampedPage = Stamped<IntentsPage>;

export function IntentList() {
  const router = useRouter();
  const pathname = usePathname();
  const view = viewFromSearch(useSearchParams());
  const search = searchOfView(view);
  const pages = useCursorPages(search);
  useLiveMarketplace();

  const assets = useQuery({
    queryKey: marketplaceKeys.assets,
    queryFn: () => apiCall(OFFERED_ASSETS_URL, offeredAssetsResponseSchema),
    refetchInterval: MARKETPLACE_POLL_MS,
  });
  const page = useQuery({
    queryKey: marketplaceKeys.page(view, pages.cursor),
    queryFn: async (): Promise<StampedPage> => stamped(await apiCall(activeIntentsUrl(view, pages.cursor, MARKETPLACE_PAGE_SIZE), intentsPageSchema), Date.now()),
    structuralSharing: (old, next) => shareStamped(old as StampedPage | undefined, next as StampedPage),
    placeholderData: keepPreviousData,
    refetchInterval: MARKETPLACE_POLL_MS,
  });
  const assetNames = useMemo(() => new Map((assets.data?.assets ?? []).map((a) => [a.id, a.name])), [assets.data]);
  const profiles = useProfiles();
  const ownProfileIds = useMemo(() => new Set((profiles.data ?? []).map((p) => p.id)), [profiles.data]);

  const show = (next: MarketplaceView) => router.push(`${pathname}${searchOfView(next)}`, { scroll: false });
  const current = page.isPlaceholderData ? undefined : page.data;
  const offers = current?.value.intents;
  const summary = page.isError
    ? ""
    : offers === undefined
      ? "Loading offers…"
      : offersSummary({ count: offers.length, pageNumber: pages.pageNumber, hasMore: current?.value.nextCursor != null, changedAt: current?.changedAt ?? null });

  return (
    <div className="space-y-4">
      <MarketplaceFilters view={view} assets={assets.data?.assets} assetsProblem={assets.isError ? refusalReason(assets.error) : null} onChange={show} />
      <p role="status" className={mutedTextClass}>{summary}</p>
      {page.isError ? <ProblemMessage summary={`The offers could not be loaded: ${refusalReason(page.error)}`} error={page.error} /> : null}
      {offers && offers.length === 0 ? (
        <p>
          {emptyText(view, view.assetId ? assetNames.get(view.assetId) : undefined)} New offers appear here as they are published
          {isFiltered(view) ? "; clear the filters to see every offer." : "."}
        </p>
      ) : null}
      {page.data && page.data.value.intents.length > 0 ? (
        <OffersTable intents={page.data.value.intents} sort={view.sort} assetNames={assetNames} busy={page.isPlaceholderData} ownProfileIds={ownProfileIds} />
      ) : null}
      <CursorPager label="Pages of offers" pages={pages} nextCursor={current?.value.nextCursor} />
    </div>
  );
}
