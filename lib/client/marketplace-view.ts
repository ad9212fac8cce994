// What the marketplace shows, as the URL query string says it (README "The portal"): type, asset and
// sort, so a view can be shared and the back button returns to the one before. Values the page does
// not know fall back to the defaults rather than failing the page. Also the words the page announces,
// and the stamp that tells an offers list which changed from one that was merely read again.
import { replaceEqualDeep } from "@tanstack/react-query";

import { assetIdSchema } from "@/lib/schemas/common";
import { intentSortSchema, intentTypeSchema, type IntentSort, type IntentType } from "@/lib/schemas/intent";

export type MarketplaceView = { type: IntentType | null; assetId: string | null; sort: IntentSort };

export const DEFAULT_SORT: IntentSort = "newest";

export const SORT_LABEL: Record<IntentSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  priceAsc: "Unit price, low to high",
  priceDesc: "Unit price, high to low",
  remainingDesc: "Remaining quantity, most first",
  remainingAsc: "Remaining quantity, least first",
};

type SearchParamsLike = { get(name: string): string | null };

export function viewFromSearch(params: SearchParamsLike): MarketplaceView {
  const type = intentTypeSchema.safeParse(params.get("type"));
  const assetId = assetIdSchema.safeParse(params.get("assetId"));
  const sort = intentSortSchema.safeParse(params.get("sort"));
  return { type: type.success ? type.data : null, assetId: assetId.success ? assetId.data : null, sort: sort.success ? sort.data : DEFAULT_SORT };
}

/** The query string of a view ("" for the default one), defaults left out so shared links stay short. */
export function searchOfView(view: MarketplaceView): string {
  const params = new URLSearchParams();
  if (view.type) params.set("type", view.type);
  if (view.assetId) params.set("assetId", view.assetId);
  if (view.sort !== DEFAULT_SORT) params.set("sort", view.sort);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function isFiltered(view: MarketplaceView): boolean {
  return view.type !== null || view.assetId !== null;
}

/** The REST page of ACTIVE intents for a view. */
export function activeIntentsUrl(view: MarketplaceView, cursor: string | null, limit: number): string {
  const params = new URLSearchParams({ status: "ACTIVE", sort: view.sort, limit: String(limit) });
  if (view.type) params.set("type", view.type);
  if (view.assetId) params.set("assetId", view.assetId);
  if (cursor) params.set("cursor", cursor);
  return `/api/router/finapi/intents?${params}`;
}

/**
 * The assets with ACTIVE intents of any type: the asset filter's choices and the names in the table.
 * Not narrowed by the type filter, so the choices and names stay put when the type changes.
 */
export const OFFERED_ASSETS_URL = "/api/router/finapi/intents/assets";

export const marketplaceKeys = {
  all: ["intents", "marketplace"] as const,
  page: (view: MarketplaceView, cursor: string | null) => ["intents", "marketplace", "page", view.type, view.assetId, view.sort, cursor] as const,
  assets: ["intents", "marketplace", "assets"] as const,
};

/** Server data with when it was first read and when (if ever) a later read found it changed. */
export type Stamped<T> = { value: T; loadedAt: number; changedAt: number | null };

export function stamped<T>(value: T, nowMs: number): Stamped<T> {
  return { value, loadedAt: nowMs, changedAt: null };
}

/**
 * react-query's structuralSharing for stamped data: an answer equal to the one before keeps the old
 * object (so nothing re-renders and nothing is announced); a different one keeps the unchanged parts
 * and records when it changed.
 */
export function shareStamped<T>(old: Stamped<T> | undefined, next: Stamped<T>): Stamped<T> {
  if (old === undefined) return next;
  const value = replaceEqualDeep(old.value, next.value);
  if (value === old.value) return old;
  return { value, loadedAt: old.loadedAt, changedAt: next.loadedAt };
}

/** "14:02:31 UTC" */
export function clockTime(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(11, 19)} UTC`;
}

/** What the polite status region says about a page of offers. */
export function offersSummary(page: { count: number; pageNumber: number; hasMore: boolean; changedAt: number | null }): string {
  const offers = page.count === 1 ? "1 offer" : `${page.count} offers`;
  const where = page.pageNumber === 1 && !page.hasMore ? `${offers} found` : `Page ${page.pageNumber}: ${offers}${page.hasMore ? ", more on the next page" : ""}`;
  return `${where}.${page.changedAt === null ? "" : ` Updated at ${clockTime(page.changedAt)}.`}`;
}
