// The market data the portal reads (GET /finapi/portfolio, /finapi/assets/{id}/market): query keys
// and hooks. Both change when a trade settles (refetched on its receiptAdded event by the
// notifications provider) and when money arrives (polled).
import { useQuery } from "@tanstack/react-query";

import { apiCall } from "@/lib/client/api-client";
import { assetMarketSchema, portfolioSchema } from "@/lib/schemas/market";

export const PORTFOLIO_POLL_MS = 10_000;
const MARKET_POLL_MS = 15_000;

export const marketKeys = {
  portfolio: ["portfolio"] as const,
  /** What is held and worth now, without the history: the notification centre's poll. */
  holdingsNow: ["portfolio", "now"] as const,
  asset: (assetId: string) => ["market", assetId] as const,
  all: ["market"] as const,
};

export function usePortfolio() {
  return useQuery({
    queryKey: marketKeys.portfolio,
    queryFn: () => apiCall("/api/router/finapi/portfolio", portfolioSchema),
    refetchInterval: PORTFOLIO_POLL_MS,
  });
}

/** The portfolio without its history: cheap enough to read every few seconds on every page. */
export function usePortfolioNow() {
  return useQuery({
    queryKey: marketKeys.holdingsNow,
    queryFn: () => apiCall("/api/router/finapi/portfolio?history=false", portfolioSchema),
    refetchInterval: PORTFOLIO_POLL_MS,
  });
}

export function useAssetMarket(assetId: string) {
  return useQuery({
    queryKey: marketKeys.asset(assetId),
    queryFn: () => apiCall(`/api/router/finapi/assets/${encodeURIComponent(assetId)}/market`, assetMarketSchema),
    refetchInterval: MARKET_POLL_MS,
  });
}
