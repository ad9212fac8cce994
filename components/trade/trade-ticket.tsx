"use client";

// The trade ticket (issue 7): quantity, exact total, available cash and the eligibility pre-check;
// then a review of every field the browser key will sign; then sign and submit once. The signed
// request is kept until the router answers, so "try again" after a lost answer resends the very same
// body (same executionId and nonce): the router answers with the first plan, never makes a second.
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";

import { useBrowserKey } from "@/components/keys/browser-key-context";
import { UnlockForm } from "@/components/keys/key-list";
import { EligibilityList } from "@/components/trade/eligibility-list";
import { LivePlanEventsProvider } from "@/components/trade/live-plan-events";
import { SettlementTimeline } from "@/components/trade/settlement-timeline";
import { SignedFieldsReview } from "@/components/trade/signed-fields-review";
import { StatusMessage } from "@/components/ui/status-message";
import { cardClass, fieldClass, labelClass, mutedTextClass, primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles";
import { ApiError, apiCall, errorMessage } from "@/lib/client/api-client";
import { useAsset, useCertificates, useHoldings, useIntent, useProfiles } from "@/lib/client/queries";
import { describeSignedFields } from "@/lib/client/signed-fields";
import { payeeOf, prepareBuy, signExecution, type PreparedExecution } from "@/lib/client/trade-execution";
import { useNowSeconds } from "@/lib/client/use-now-seconds";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import { tradeEligibility } from "@/lib/domain/trade/trade-eligibility";
import type { AssetView } from "@/lib/schemas/asset";
import type { Intent } from "@/lib/schemas/intent";
import { executeIntentResponseSchema, type ExecuteIntentRequest } from "@/lib/schemas/intent-execution";
import type { ProfileView } from "@/lib/schemas/profile";

const EXECUTE_PATH = "/api/router/finapi/tokens/execute";

type Stage = { step: "edit" } | { step: "review"; prepared: PreparedExecution } | { step: "sent"; planId: string };

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
  if (intent.isError) return <StatusMessage tone="error">The offer could not be loaded: {errorMessage(intent.error)}</StatusMessage>;
  if (asset.isError) return <StatusMessage tone="error">The asset could not be loaded: {errorMessage(asset.error)}</StatusMessage>;
  if (profiles.isError) return <StatusMessage tone="error">Your profiles could not be loaded: {errorMessage(profiles.error)}</StatusMessage>;
  if (intent.isPending || asset.isPending || profiles.isPending) return <p role="status" className={mutedTextClass}>Loading the offer…</p>;
  if (profiles.data.length === 0) {
    return (
      <p className={mutedTextClass}>
        You need a profile to trade. <Link href="/profile" className="underline">Create one on the Profile page</Link>.
      </p>
    );
  }
  return <TicketForm intent={intent.data} asset={asset.data} profiles={profiles.data} />;
}

function OfferSummary({ intent, asset }: { intent: Intent; asset: AssetView }) {
  const currency = intent.settlementTerm.asset.type === "fiat" ? intent.settlementTerm.asset.code : "";
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="font-medium">Asset</dt>
      <dd>
        {asset.name} <span className="break-all font-mono text-xs">({asset.id})</span>
      </dd>
      <dt className="font-medium">Offer</dt>
      <dd>{intent.type === "primarySale" ? "Primary sale by the issuer" : intent.type === "sellingIntent" ? "Selling intent" : "Buying intent"}</dd>
      <dt className="font-medium">Unit price</dt>
      <dd className="font-mono tabular-nums">
        {intent.settlementTerm.unitValue} {currency}
      </dd>
      <dt className="font-medium">Remaining</dt>
      <dd className="font-mono tabular-nums">{intent.remainingQuantity} tokens</dd>
    </dl>
  );
}

function TicketForm({ intent, asset, profiles }: { intent: Intent; asset: AssetView; profiles: ProfileView[] }) {
  const id = useId();
  const { keys, unlockedFinId, sign } = useBrowserKey();
  const nowSeconds = useNowSeconds();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const buyer = profiles.find((p) => p.id === chosenId) ?? profiles.find((p) => p.finId === unlockedFinId) ?? profiles[0];
  const holdings = useHoldings(buyer?.id ?? null);
  const certificates = useCertificates(buyer?.id ?? null);
  const [quantity, setQuantity] = useState("");
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

  if (!buyer) return null;
  const currency = intent.settlementTerm.asset.type === "fiat" ? intent.settlementTerm.asset.code : "";
  const cash = holdings.data?.find((h) => h.asset.type === "fiat" && h.asset.code === currency);
  const eligibility = tradeEligibility({
    intent: { status: intent.status, start: intent.start, end: intent.end, remainingQuantity: intent.remainingQuantity, unitValue: intent.settlementTerm.unitValue, currency },
    asset,
    certificates: certificates.data ?? [],
    quantity,
    availableCash: cash?.available ?? null,
    nowSeconds,
  });
  const payee = payeeOf(intent);
  const keyReady = unlockedFinId === buyer.finId;
  const loadingChecks = holdings.isPending || certificates.isPending;
  const sellerLabel = intent.type === "primarySale" ? "the issuer" : "the seller";

  function onReview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!payee || !buyer || eligibility.total === null || !eligibility.canReview || !keyReady) return;
    execute.reset();
    signedRef.current = null;
    goTo({ step: "review", prepared: prepareBuy({ intent, asset, buyer, quantity: quantity.trim(), total: eligibility.total, nowSeconds: Math.floor(Date.now() / 1000) }, payee) });
  }

  function onSubmit() {
    if (stage.step !== "review" || execute.isPending) return;
    try {
      signedRef.current ??= signExecution(stage.prepared, sign);
    } catch {
      // The key was locked meanwhile: back to the ticket, which offers to unlock it.
      return void goTo({ step: "edit" });
    }
    execute.mutate(signedRef.current);
  }

  if (stage.step === "sent") {
    return (
      <div className="space-y-4">
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold">
          Your trade was accepted
        </h2>
        <p>
          The router created the settlement plan; follow it here or on{" "}
          <Link href={`/trades/${encodeURIComponent(stage.planId)}`} className="underline">
            the settlement page of this trade
          </Link>
          .
        </p>
        <SettlementTimeline planId={stage.planId} />
      </div>
    );
  }

  if (stage.step === "review") {
    const { trade, template } = stage.prepared;
    const groups = describeSignedFields(template, { buyerFinId: trade.buyerFinId, sellerFinId: trade.sellerFinId, sellerLabel, assetLabel: `${asset.name} (${asset.id})` });
    const refused = execute.error instanceof ApiError && execute.error.status < 500;
    return (
      <section aria-labelledby={`${id}-review`} className={`${cardClass} space-y-4`}>
        <h2 id={`${id}-review`} ref={headingRef} tabIndex={-1} className="text-xl font-semibold">
          Review and sign
        </h2>
        <p>
          You buy <strong>{trade.quantity}</strong> tokens of {asset.name} for <strong>{trade.settlementAmount} {trade.currency}</strong>, paid from your
          profile {finIdFingerprint(buyer.finId)} through {trade.escrowOrgId}.
        </p>
        <SignedFieldsReview groups={groups} hash={template.hash} />
        {execute.isError ? (
          <StatusMessage tone="error">
            {refused ? "The router refused the trade; nothing was executed: " : "The trade may not have reached the router: "}
            {errorMessage(execute.error)}
            {execute.error instanceof ApiError && execute.error.fieldErrors.length > 0 ? ` (${execute.error.fieldErrors.map((f) => `${f.path} ${f.message}`).join("; ")})` : ""}
          </StatusMessage>
        ) : null}
        {execute.isPending ? <StatusMessage tone="info">Signing and sending…</StatusMessage> : null}
        <div className="flex flex-wrap gap-3">
          {refused ? null : (
            <button type="button" className={primaryButtonClass} disabled={execute.isPending || !keyReady} onClick={onSubmit}>
              {execute.isPending ? "Sending…" : execute.isError ? "Send the same signed trade again" : "Sign and submit"}
            </button>
          )}
          <button type="button" className={secondaryButtonClass} disabled={execute.isPending} onClick={() => goTo({ step: "edit" })}>
            Back to the ticket
          </button>
        </div>
      </section>
    );
  }

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${id}-offer`} className={cardClass}>
        <h2 id={`${id}-offer`} ref={headingRef} tabIndex={-1} className="mb-3 text-lg font-medium">
          The offer
        </h2>
        <OfferSummary intent={intent} asset={asset} />
      </section>
      {payee === null ? (
        <StatusMessage tone="error">This offer cannot be taken from the portal: only primary sales and selling intents with a payment account can be bought here.</StatusMessage>
      ) : (
        <form onSubmit={onReview} aria-labelledby={`${id}-buy`} className={`${cardClass} space-y-4`} noValidate>
          <h2 id={`${id}-buy`} className="text-lg font-medium">
            Buy
          </h2>
          {profiles.length > 1 ? (
            <div className="max-w-md">
              <label htmlFor={`${id}-profile`} className={labelClass}>Pay from profile</label>
              <select id={`${id}-profile`} className={fieldClass} value={buyer.id} onChange={(e) => setChosenId(e.currentTarget.value)}>
                {profiles.map((p) => (
                  <option key={p.id} value={p.id}>
                    {finIdFingerprint(p.finId)} · {p.id}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-3">
            <div>
              <label htmlFor={`${id}-quantity`} className={labelClass}>Quantity (tokens)</label>
              <input
                id={`${id}-quantity`}
                inputMode="decimal"
                autoComplete="off"
                maxLength={37}
                className={fieldClass}
                value={quantity}
                aria-describedby={`${id}-quantity-hint`}
                onChange={(e) => setQuantity(e.currentTarget.value)}
              />
              <p id={`${id}-quantity-hint`} className={`mt-1 ${mutedTextClass}`}>
                {asset.decimals === 0 ? "Whole tokens only." : `Up to ${asset.decimals} decimals.`}
              </p>
            </div>
            <div>
              <span className={labelClass} id={`${id}-total-label`}>Total</span>
              <output aria-labelledby={`${id}-total-label`} className="mt-1 block py-2 font-mono text-lg tabular-nums">
                {eligibility.total === null ? "—" : `${eligibility.total} ${currency}`}
              </output>
            </div>
            <div>
              <span className={labelClass}>Available cash</span>
              <p className="mt-1 py-2 font-mono text-lg tabular-nums">
                {holdings.isPending ? "Loading…" : holdings.isError ? "Unknown" : `${cash?.available ?? "0"} ${currency}`}
              </p>
            </div>
          </div>
          {holdings.isError ? <StatusMessage tone="error">Your cash could not be loaded: {errorMessage(holdings.error)}</StatusMessage> : null}
          {certificates.isError ? <StatusMessage tone="error">Your certificates could not be loaded: {errorMessage(certificates.error)}</StatusMessage> : null}
          {quantity.trim() === "" ? null : loadingChecks ? (
            <p role="status" className={mutedTextClass}>Checking…</p>
          ) : (
            <EligibilityList checks={eligibility.checks} />
          )}
          {keyReady ? null : keys?.some((k) => k.finId === buyer.finId) ? (
            <UnlockForm finId={buyer.finId} fingerprint={finIdFingerprint(buyer.finId)} />
          ) : (
            <p className={mutedTextClass}>
              The trade is signed with this profile&apos;s key {finIdFingerprint(buyer.finId)}, which is not in this browser. Import its backup on the{" "}
              <Link href="/profile" className="underline">Profile page</Link>.
            </p>
          )}
          <button type="submit" className={primaryButtonClass} disabled={!keyReady || loadingChecks || !eligibility.canReview || eligibility.total === null}>
            Review the trade
          </button>
        </form>
      )}
    </div>
  );
}
