"use client";

// The trade ticket (issue 7): an offer, and the terms of taking it from the person's side (buying a
// primary sale or a selling intent, selling into a buying intent); then a review of every field the
// browser key will sign; then sign and submit once. The signed request is kept until the router
// answers, so "try again" after a lost answer resends the very same body (same executionId and
// nonce): the router answers with the first plan, never makes a second. One's own offer is shown
// with no way to take it: the router would refuse it.
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";

import { useBrowserKey } from "@/components/keys/browser-key-context";
import { BuyTerms } from "@/components/trade/buy-terms";
import { LivePlanEventsProvider } from "@/components/trade/live-plan-events";
import { SellTerms } from "@/components/trade/sell-terms";
import { TicketReview, type ReviewInput, type TicketDraft } from "@/components/trade/ticket-review";
import { TicketSent } from "@/components/trade/ticket-sent";
import { ProblemMessage } from "@/components/ui/problem-message";
import { cardClass, mutedTextClass } from "@/components/ui/styles";
import { ApiError, apiCall } from "@/lib/client/api-client";
import { refusalReason } from "@/lib/client/problem-words";
import { useAsset, useIntent, useProfiles } from "@/lib/client/queries";
import { payeeOf, payerOf, signExecution } from "@/lib/client/trade-execution";
import { isOwnOffer, ticketSideOf } from "@/lib/domain/trade/offer-side";
import type { AssetView } from "@/lib/schemas/asset";
import type { Intent } from "@/lib/schemas/intent";
import { executeIntentResponseSchema, type ExecuteIntentRequest } from "@/lib/schemas/intent-execution";
import type { ProfileView } from "@/lib/schemas/profile";

const EXECUTE_PATH = "/api/router/finapi/tokens/execute";

type Stage = { step: "edit" } | { step: "review"; review: ReviewInput } | { step: "sent"; planId: string };

export function TradeTicket({ assetId, intentId }: { assetId: string; intentId: string }) {
  return (
    <LivePlanEventsProvider>
      <TicketLoader assetId={assetId} intentId={intentId} />
    </LivePlanEventsProvider>
  );
}

function TicketLoader({ assetId, intentId }: { assetId: string; intentId: string }) {
  const intent = useIntent(assetId, intentId);
  const asset = useAsset(assetId);
  const profiles = useProfiles();
  const failed = intent.isError ? { what: "The offer", error: intent.error } : asset.isError ? { what: "The asset", error: asset.error } : profiles.isError ? { what: "Your profiles", error: profiles.error } : null;
  if (failed) return <ProblemMessage summary={`${failed.what} could not be loaded: ${refusalReason(failed.error)}`} error={failed.error} />;
  if (!intent.isSuccess || !asset.isSuccess || !profiles.isSuccess) return <p role="status" className={mutedTextClass}>Loading the offer…</p>;
  if (profiles.data.length === 0) {
    return (
      <p className={mutedTextClass}>
        You need a profile to trade. <Link href="/profile" className="underline">Create one on the Profile page</Link>.
      </p>
    );
  }
  return <TicketFlow intent={intent.data} asset={asset.data} profiles={profiles.data} />;
}

const OFFER_LABEL: Readonly<Record<Intent["type"], string>> = {
  primarySale: "Primary sale by the issuer",
  sellingIntent: "Selling intent",
  buyingIntent: "Buying intent: the buyer pays, you deliver the tokens",
};

function utc(epochSeconds: number): string {
  return `${new Date(epochSeconds * 1000).toISOString().replace("T", " ").slice(0, 16)} UTC`;
}

function OfferSummary({ intent, asset }: { intent: Intent; asset: AssetView }) {
  const currency = intent.settlementTerm.asset.type === "fiat" ? intent.settlementTerm.asset.code : "";
  const holdExpiry = intent.intent.type === "buyingIntent" ? intent.intent.settlementInstruction.expiry : undefined;
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="font-medium">Asset</dt>
      <dd>
        {asset.name} <span className="break-all font-mono text-xs">({asset.id})</span>
      </dd>
      <dt className="font-medium">Offer</dt>
      <dd>{OFFER_LABEL[intent.type]}</dd>
      <dt className="font-medium">Unit price</dt>
      <dd className="font-mono tabular-nums">
        {intent.settlementTerm.unitValue} {currency}
      </dd>
      <dt className="font-medium">{intent.type === "buyingIntent" ? "Still wanted" : "Remaining"}</dt>
      <dd className="font-mono tabular-nums">{intent.remainingQuantity} tokens</dd>
      {holdExpiry === undefined ? null : (
        <>
          <dt className="font-medium">Buyer&apos;s money held until</dt>
          <dd>{utc(holdExpiry)} at the latest</dd>
        </>
      )}
    </dl>
  );
}

/** The ticket's steps: terms (kept while going back and forth), review, sent. */
function TicketFlow({ intent, asset, profiles }: { intent: Intent; asset: AssetView; profiles: ProfileView[] }) {
  const { unlockedFinId, sign } = useBrowserKey();
  const [draft, setDraft] = useState<TicketDraft>({ profileId: null, quantity: "", escrowOrgId: null });
  const [stage, setStage] = useState<Stage>({ step: "edit" });
  const signedRef = useRef<ExecuteIntentRequest | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);

  // After a step change, focus its heading so keyboard and screen-reader users land on the new step.
  useEffect(() => {
    if (stepChanged.current) headingRef.current?.focus();
  }, [stage.step]);
  function goTo(next: Stage) {
    stepChanged.current = true;
    setStage(next);
  }

  const execute = useMutation({
    mutationFn: (body: ExecuteIntentRequest) => apiCall(EXECUTE_PATH, executeIntentResponseSchema, { method: "POST", body }),
    onSuccess: (answer) => {
      signedRef.current = null;
      goTo({ step: "sent", planId: answer.response.executionPlanId });
    },
    // A refusal will not change by sending the same body again: review afresh. Anything else may
    // not have reached the router, and is sent again unchanged.
    onError: (error) => {
      if (error instanceof ApiError && error.status < 500) signedRef.current = null;
    },
  });

  function onReview(review: ReviewInput) {
    execute.reset();
    signedRef.current = null;
    goTo({ step: "review", review });
  }

  function onSubmit() {
    if (stage.step !== "review" || execute.isPending) return;
    try {
      signedRef.current ??= signExecution(stage.review.prepared, sign);
    } catch {
      // The key was locked meanwhile: back to the ticket, which offers to unlock it.
      return void goTo({ step: "edit" });
    }
    execute.mutate(signedRef.current);
  }

  if (stage.step === "sent") return <TicketSent planId={stage.planId} headingRef={headingRef} />;
  if (stage.step === "review") {
    return (
      <TicketReview
        review={stage.review}
        asset={asset}
        offerType={intent.type}
        headingRef={headingRef}
        keyReady={unlockedFinId === stage.review.you.finId}
        sending={execute.isPending}
        error={execute.error}
        onSubmit={onSubmit}
        onBack={() => goTo({ step: "edit" })}
      />
    );
  }
  return (
    <div className="space-y-6">
      <section aria-labelledby="ticket-offer-heading" className={cardClass}>
        <h2 id="ticket-offer-heading" ref={headingRef} tabIndex={-1} className="mb-3 text-lg font-medium">
          The offer
        </h2>
        <OfferSummary intent={intent} asset={asset} />
      </section>
      <TicketTerms intent={intent} asset={asset} profiles={profiles} draft={draft} onDraft={setDraft} onReview={onReview} />
    </div>
  );
}

type TermsProps = { intent: Intent; asset: AssetView; profiles: ProfileView[]; draft: TicketDraft; onDraft: (draft: TicketDraft) => void; onReview: (review: ReviewInput) => void };

/** The side's terms, or why this offer cannot be taken here. */
function TicketTerms({ intent, asset, profiles, ...rest }: TermsProps) {
  if (isOwnOffer(intent.intent, profiles.map((p) => p.id))) {
    return (
      <p className={`${cardClass} text-sm`}>
        This is your own offer, so you cannot take it. Pause it, resume it or follow it on the{" "}
        <Link href="/intents" className="underline">Intents page</Link>.
      </p>
    );
  }
  if (ticketSideOf(intent.type) === "sell") {
    const payer = payerOf(intent);
    if (payer) return <SellTerms intent={intent} asset={asset} profiles={profiles} payer={payer} {...rest} />;
  } else {
    const payee = payeeOf(intent);
    if (payee) return <BuyTerms intent={intent} asset={asset} profiles={profiles} payee={payee} {...rest} />;
  }
  return (
    <p className={`${cardClass} text-sm`}>
      This offer cannot be taken from the portal: it does not name an account of a payment organization to settle through. Its owner can publish it again
      with one.
    </p>
  );
}
