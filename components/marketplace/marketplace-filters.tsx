"use client";

// The marketplace's choices: type, asset and order. Each change becomes a new URL (the parent
// navigates), so the back button undoes it. Native selects: labelled, keyboard-operable, and usable
// on a phone as they are.
import { useId } from "react";

import { fieldClass, labelClass, mutedTextClass, secondaryButtonClass } from "@/components/ui/styles";
import { INTENT_SORTS, INTENT_TYPES, type OfferedAsset } from "@/lib/schemas/intent";
import { isFiltered, SORT_LABEL, type MarketplaceView } from "@/lib/client/marketplace-view";
import { TYPE_LABEL } from "./offers-table";

type Props = {
  view: MarketplaceView;
  /** The assets with active offers of any type; undefined while loading. */
  assets: readonly OfferedAsset[] | undefined;
  assetsProblem: string | null;
  onChange: (view: MarketplaceView) => void;
};

export function MarketplaceFilters({ view, assets, assetsProblem, onChange }: Props) {
  const id = useId();
  const chosenAssetListed = view.assetId === null || (assets ?? []).some((a) => a.id === view.assetId);
  return (
    <form className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-label="Filter and sort offers" onSubmit={(e) => e.preventDefault()}>
      <div>
        <label htmlFor={`${id}-type`} className={labelClass}>Type</label>
        <select
          id={`${id}-type`}
          className={fieldClass}
          value={view.type ?? ""}
          onChange={(e) => onChange({ ...view, type: INTENT_TYPES.find((t) => t === e.currentTarget.value) ?? null })}
        >
          <option value="">All types</option>
          {INTENT_TYPES.map((t) => (
            <option key={t} value={t}>{TYPE_LABEL[t]}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-asset`} className={labelClass}>Asset</label>
        <select
          id={`${id}-asset`}
          className={fieldClass}
          value={view.assetId ?? ""}
          aria-describedby={assetsProblem ? `${id}-asset-problem` : undefined}
          onChange={(e) => onChange({ ...view, assetId: e.currentTarget.value || null })}
        >
          <option value="">All assets</option>
          {chosenAssetListed ? null : <option value={view.assetId ?? ""}>{view.assetId} (no active offers)</option>}
          {(assets ?? []).map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} ({a.intentCount === 1 ? "1 offer" : `${a.intentCount} offers`})
            </option>
          ))}
        </select>
        {assetsProblem ? <p id={`${id}-asset-problem`} className="mt-1 text-sm text-red-700 dark:text-red-300">The asset list could not be loaded: {assetsProblem}</p> : null}
      </div>
      <div>
        <label htmlFor={`${id}-sort`} className={labelClass}>Sort by</label>
        <select id={`${id}-sort`} className={fieldClass} value={view.sort} onChange={(e) => onChange({ ...view, sort: INTENT_SORTS.find((s) => s === e.currentTarget.value) ?? view.sort })}>
          {INTENT_SORTS.map((s) => (
            <option key={s} value={s}>{SORT_LABEL[s]}</option>
          ))}
        </select>
      </div>
      {isFiltered(view) ? (
        <p className={`sm:col-span-3 ${mutedTextClass}`}>
          <button type="button" className={secondaryButtonClass} onClick={() => onChange({ ...view, type: null, assetId: null })}>
            Clear filters
          </button>
        </p>
      ) : null}
    </form>
  );
}
