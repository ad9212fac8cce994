"use client";

// The buyer's side of the trade ticket (a primary sale or a selling intent): the paying profile, the
// quantity, the exact total and the cash available, the pre-check in the router's order, and the
// key that signs. "Review the trade" prepares the request to sign; nothing is sent from here.
import { useId, type FormEvent } from "react";

import { useBrowserKey } from "@/components/keys/browser-key-context";
import { EligibilityList } from "@/components/trade/eligibility-list";
import { AmountOutput, defaultProfile, KeyNeeded, ProfileChoice, QuantityField } from "@/components/trade/ticket-parts";
import type { ReviewInput, TicketDraft } from "@/components/trade/ticket-review";
import { ProblemMessage } from "@/components/ui/problem-message";
import { cardClass, labelClass, mutedTextClass, primaryButtonClass } from "@/components/ui/styles";
import { refusalReason } from "@/lib/client/problem-words";
import { useCertificates, useHoldings } from "@/lib/client/queries";
import { prepareBuy, type Payee } from "@/lib/client/trade-execution";
import { useNowSeconds } from "@/lib/client/use-now-seconds";
import { tradeEligibility } from "@/lib/domain/trade/trade-eligibility";
import type { AssetView } from "@/lib/schemas/asset";
import type { Intent } from "@/lib/schemas/intent";
import type { ProfileView } from "@/lib/schemas/profile";

type Props = {
  intent: Intent;
  asset: AssetView;
  profiles: readonly ProfileView[];
  payee: Payee;
  draft: TicketDraft;
  onDraft: (draft: TicketDraft) => void;
  onReview: (review: ReviewInput) => void;
};

export function BuyTerms({ intent, asset, profiles, payee, draft, onDraft, onReview }: Props) {
  const id = useId();
  const { keys, unlockedFinId } = useBrowserKey();
  const nowSeconds = useNowSeconds();
  const buyer = profiles.find((p) => p.id === draft.profileId) ?? defaultProfile(profiles, unlockedFinId, keys);
  const holdings = useHoldings(buyer?.id ?? null);
  const certificates = useCertificates(buyer?.id ?? null);
  if (!buyer) return null;

  const currency = intent.settlementTerm.asset.type === "fiat" ? intent.settlementTerm.asset.code : "";
  const cash = holdings.data?.find((h) => h.asset.type === "fiat" && h.asset.code === currency);
  const eligibility = tradeEligibility({
    intent: { status: intent.status, start: intent.start, end: intent.end, remainingQuantity: intent.remainingQuantity, unitValue: intent.settlementTerm.unitValue, currency },
    asset,
    certificates: certificates.data ?? [],
    quantity: draft.quantity,
    availableCash: cash?.available ?? null,
    nowSeconds,
  });
  const keyReady = unlockedFinId === buyer.finId;
  const loadingChecks = holdings.isPending || certificates.isPending;
  const ready = keyReady && !loadingChecks && eligibility.canReview && eligibility.total !== null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || !buyer || eligibility.total === null) return;
    const terms = { intent, asset, buyer, quantity: draft.quantity.trim(), total: eligibility.total, nowSeconds: Math.floor(Date.now() / 1000) };
    onReview({ side: "buy", you: buyer, escrowOrgId: payee.escrowOrgId, prepared: prepareBuy(terms, payee) });
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby={`${id}-buy`} className={`${cardClass} space-y-4`} noValidate>
      <h2 id={`${id}-buy`} className="text-lg font-medium">
        Buy
      </h2>
      <ProfileChoice label="Pay from profile" profiles={profiles} value={buyer.id} onChange={(profileId) => onDraft({ ...draft, profileId })} />
      <div className="grid gap-4 sm:grid-cols-3">
        <QuantityField value={draft.quantity} decimals={asset.decimals} onChange={(quantity) => onDraft({ ...draft, quantity })} />
        <AmountOutput label="Total">{eligibility.total === null ? "—" : `${eligibility.total} ${currency}`}</AmountOutput>
        <div>
          <span className={labelClass}>Available cash</span>
          <p className="mt-1 py-2 font-mono text-lg tabular-nums">
            {holdings.isPending ? "Loading…" : holdings.isError ? "Unknown" : `${cash?.available ?? "0"} ${currency}`}
          </p>
        </div>
      </div>
      {holdings.isError ? <ProblemMessage summary={`Your cash could not be loaded: ${refusalReason(holdings.error)}`} error={holdings.error} /> : null}
      {certificates.isError ? <ProblemMessage summary={`Your certificates could not be loaded: ${refusalReason(certificates.error)}`} error={certificates.error} /> : null}
      {draft.quantity.trim() === "" ? null : loadingChecks ? <p role="status" className={mutedTextClass}>Checking…</p> : <EligibilityList checks={eligibility.checks} />}
      <KeyNeeded finId={buyer.finId} />
      <button type="submit" className={primaryButtonClass} disabled={!ready}>
        Review the trade
      </button>
    </form>
  );
}
