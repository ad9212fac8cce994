"use client";

// The seller's side of the trade ticket: a holder of the asset sells into a buying intent (flows.md
// "Buying intent"). The selling profile, the quantity, what the seller receives, the tokens it holds
// available, the payment organization that holds the buyer's money and pays the seller, the
// pre-check, and the key that signs. The buyer signs afterwards, in its own signing inbox.
import { useId, type FormEvent } from "react";

import { useBrowserKey } from "@/components/keys/browser-key-context";
import { EligibilityList } from "@/components/trade/eligibility-list";
import { AmountOutput, defaultProfile, KeyNeeded, ProfileChoice, QuantityField } from "@/components/trade/ticket-parts";
import type { ReviewInput, TicketDraft } from "@/components/trade/ticket-review";
import { ProblemMessage } from "@/components/ui/problem-message";
import { cardClass, fieldClass, labelClass, mutedTextClass, primaryButtonClass } from "@/components/ui/styles";
import { refusalReason } from "@/lib/client/problem-words";
import { useHoldings, usePaymentOrganizations } from "@/lib/client/queries";
import { prepareSell, type Payer } from "@/lib/client/trade-execution";
import { useNowSeconds } from "@/lib/client/use-now-seconds";
import { sellEligibility } from "@/lib/domain/trade/trade-eligibility";
import type { AssetView } from "@/lib/schemas/asset";
import type { Intent } from "@/lib/schemas/intent";
import type { ProfileView } from "@/lib/schemas/profile";

type Props = {
  intent: Intent;
  asset: AssetView;
  profiles: readonly ProfileView[];
  payer: Payer;
  draft: TicketDraft;
  onDraft: (draft: TicketDraft) => void;
  onReview: (review: ReviewInput) => void;
};

export function SellTerms({ intent, asset, profiles, payer, draft, onDraft, onReview }: Props) {
  const id = useId();
  const { keys, unlockedFinId } = useBrowserKey();
  const nowSeconds = useNowSeconds();
  const seller = profiles.find((p) => p.id === draft.profileId) ?? defaultProfile(profiles, unlockedFinId, keys);
  const holdings = useHoldings(seller?.id ?? null);
  const organizations = usePaymentOrganizations();
  if (!seller) return null;

  const escrows = organizations.data ?? [];
  const escrowOrgId = escrows.some((o) => o.id === draft.escrowOrgId) ? draft.escrowOrgId : (escrows[0]?.id ?? null);
  const currency = intent.settlementTerm.asset.type === "fiat" ? intent.settlementTerm.asset.code : "";
  const tokens = holdings.data?.find((h) => h.asset.type === "p2p" && h.asset.resourceId === asset.id);
  const eligibility = sellEligibility({
    intent: {
      status: intent.status,
      start: intent.start,
      end: intent.end,
      remainingQuantity: intent.remainingQuantity,
      unitValue: intent.settlementTerm.unitValue,
      currency,
      holdExpiry: payer.holdExpiry,
    },
    asset,
    quantity: draft.quantity,
    availableTokens: tokens?.available ?? null,
    nowSeconds,
  });
  const keyReady = unlockedFinId === seller.finId;
  const ready = keyReady && !holdings.isPending && escrowOrgId !== null && eligibility.canReview && eligibility.total !== null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || !seller || escrowOrgId === null || eligibility.total === null) return;
    const terms = { intent, asset, seller, quantity: draft.quantity.trim(), total: eligibility.total, escrowOrgId, nowSeconds: Math.floor(Date.now() / 1000) };
    onReview({ side: "sell", you: seller, escrowOrgId, prepared: prepareSell(terms, payer) });
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby={`${id}-sell`} className={`${cardClass} space-y-4`} noValidate>
      <h2 id={`${id}-sell`} className="text-lg font-medium">
        Sell
      </h2>
      <ProfileChoice label="Sell from profile" profiles={profiles} value={seller.id} onChange={(profileId) => onDraft({ ...draft, profileId })} />
      <div className="grid gap-4 sm:grid-cols-3">
        <QuantityField value={draft.quantity} decimals={asset.decimals} onChange={(quantity) => onDraft({ ...draft, quantity })} />
        <AmountOutput label="You receive">{eligibility.total === null ? "—" : `${eligibility.total} ${currency}`}</AmountOutput>
        <div>
          <span className={labelClass}>You hold, available</span>
          <p className="mt-1 py-2 font-mono text-lg tabular-nums">{holdings.isPending ? "Loading…" : holdings.isError ? "Unknown" : `${tokens?.available ?? "0"} tokens`}</p>
        </div>
      </div>
      <div className="max-w-md">
        <label htmlFor={`${id}-org`} className={labelClass}>Paid through (payment organization)</label>
        <select
          id={`${id}-org`}
          className={fieldClass}
          value={escrowOrgId ?? ""}
          disabled={escrows.length === 0}
          aria-describedby={`${id}-org-hint`}
          onChange={(e) => onDraft({ ...draft, escrowOrgId: e.currentTarget.value })}
        >
          {escrows.length === 0 ? <option value="">{organizations.isPending ? "Loading…" : "No payment organization is registered"}</option> : null}
          {escrows.map((o) => (
            <option key={o.id} value={o.id}>{o.name}</option>
          ))}
        </select>
        <p id={`${id}-org-hint`} className={`mt-1 ${mutedTextClass}`}>
          The buyer&apos;s money is held at this organization, then paid into your account at it.
        </p>
      </div>
      {holdings.isError ? <ProblemMessage summary={`Your holdings could not be loaded: ${refusalReason(holdings.error)}`} error={holdings.error} /> : null}
      {organizations.isError ? <ProblemMessage summary={`The payment organizations could not be loaded: ${refusalReason(organizations.error)}`} error={organizations.error} /> : null}
      {draft.quantity.trim() === "" ? null : holdings.isPending ? <p role="status" className={mutedTextClass}>Checking…</p> : <EligibilityList checks={eligibility.checks} />}
      <KeyNeeded finId={seller.finId} />
      <button type="submit" className={primaryButtonClass} disabled={!ready}>
        Review the trade
      </button>
    </form>
  );
}
