"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";

import { FormField, fieldErrorProps } from "@/components/ui/form-field";
import { ProblemMessage, WriteProblemMessage } from "@/components/ui/problem-message";
import { StatusMessage } from "@/components/ui/status-message";
import { fieldClass, mutedTextClass, primaryButtonClass } from "@/components/ui/styles";
import { apiCall, ApiError } from "@/lib/client/api-client";
import { useRetryKey } from "@/lib/client/retry-key";
import {
  buildIntentRequest,
  currentEpochSeconds,
  epochSecondsToLocalTime,
  intentFieldOf,
  paymentCurrencies,
  portalSigningEndpoint,
  type IntentFormErrors,
  type IntentFormValues,
} from "@/lib/client/intent-form";
import { useNodeSettings } from "@/lib/client/node-settings";
import { ownerQueryKeys, useAllAssets } from "@/lib/client/owner-queries";
import { refusalReason } from "@/lib/client/problem-words";
import { useHoldings, usePaymentOrganizations } from "@/lib/client/queries";
import { createIntentResponseSchema, type CreateIntentRequest, type IntentType } from "@/lib/schemas/intent";
import type { ProfileView } from "@/lib/schemas/profile";

const DEFAULT_DURATION_SECONDS = 30 * 24 * 3600;

const TYPE_CHOICES: { type: IntentType; label: string; hint: string }[] = [
  { type: "primarySale", label: "Primary sale", hint: "issue new tokens of an asset you issued to buyers" },
  { type: "sellingIntent", label: "Selling intent", hint: "sell tokens you hold; you sign each trade" },
  { type: "buyingIntent", label: "Buying intent", hint: "buy tokens; you sign each trade, your money is held until the expiry" },
];

type Props = { profile: ProfileView; mayIssue: boolean; signingBaseUrl: string; initialAssetId: string | null };

/**
 * Publishes a primary sale, a selling intent or a buying intent for the chosen profile. Each attempt
 * replaces the messages of the one before; once published, the fields empty (kind and asset stay),
 * so the same intent is not published twice by accident.
 */
export function IntentForm({ profile, mayIssue, signingBaseUrl, initialAssetId }: Props) {
  const id = useId();
  const queryClient = useQueryClient();
  const assets = useAllAssets();
  const organizations = usePaymentOrganizations();
  const holdings = useHoldings(profile.id);
  const settings = useNodeSettings();
  const escrows = organizations.data ?? [];
  const choices = TYPE_CHOICES.filter((c) => mayIssue || c.type !== "primarySale");
  const [type, setType] = useState<IntentType>(choices[0]?.type ?? "sellingIntent");
  const [assetId, setAssetId] = useState<string>(initialAssetId ?? "");
  const [errors, setErrors] = useState<IntentFormErrors>({});
  const [nowSeconds] = useState(currentEpochSeconds);

  // "Publish" again after a lost answer sends the same key, so the intent is published once.
  const retryKey = useRetryKey();
  const publish = useMutation({
    mutationFn: ({ request, assetId: target }: { request: CreateIntentRequest; assetId: string }) =>
      apiCall(`/api/router/finapi/profiles/asset/${encodeURIComponent(target)}/intent`, createIntentResponseSchema, {
        method: "POST",
        body: request,
        headers: { "idempotency-key": retryKey.keyFor({ assetId: target, request }) },
      }),
    onSettled: (_data, error) => retryKey.settle(error ?? undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerQueryKeys.ownIntents(profile.id) }),
    onError: (error) => {
      if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return;
      const next: IntentFormErrors = {};
      for (const e of error.fieldErrors) next[intentFieldOf(e.path)] ??= e.message;
      setErrors(next);
    },
  });

  const assetList = assets.data ?? [];
  // Only an asset's issuer sells it in a primary sale.
  const offered = type === "primarySale" ? assetList.filter((a) => a.issuerId === profile.id) : assetList;
  const asset = offered.find((a) => a.id === assetId) ?? offered[0];
  const available = holdings.data?.find((h) => h.asset.type === "p2p" && h.asset.resourceId === asset?.id)?.available ?? "0";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    publish.reset();
    if (!asset) return setErrors({ assetId: "Choose an asset." });
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "");
    const values: IntentFormValues = {
      type,
      assetId: asset.id,
      amount: text("amount"),
      unitValue: text("unitValue"),
      start: text("start"),
      end: text("end"),
      expiry: text("expiry"),
      orgId: text("orgId"),
      endpoint: text("endpoint"),
      secret: text("secret"),
    };
    const result = buildIntentRequest(values, {
      asset,
      owner: { id: profile.id, finId: profile.finId },
      paymentOrgIds: new Set(escrows.map((o) => o.id)),
      availableTokens: available,
      nowSeconds: currentEpochSeconds(),
      ...paymentCurrencies(settings),
    });
    if (!result.ok) {
      setErrors(result.errors);
      // Focus the first field in error once React has marked it.
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setErrors({});
    publish.mutate({ request: result.request, assetId: asset.id }, { onSuccess: () => form.reset() });
  }

  if (assets.isPending || organizations.isPending) return <p role="status" className={mutedTextClass}>Loading assets and payment organizations…</p>;
  if (assets.isError) return <ProblemMessage summary={`The assets could not be loaded: ${refusalReason(assets.error)}`} error={assets.error} />;
  if (organizations.isError) return <ProblemMessage summary={`The payment organizations could not be loaded: ${refusalReason(organizations.error)}`} error={organizations.error} />;

  const f = (name: string) => `${id}-${name}`;
  const signs = type !== "primarySale";
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Publish an intent" className="mt-3 grid gap-4 sm:grid-cols-2">
      <fieldset className="sm:col-span-2" {...fieldErrorProps(f("type"), errors.type)}>
        <legend className="text-sm font-medium">Kind of intent</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {choices.map((c) => (
            <label key={c.type} className="flex items-start gap-2 rounded border border-slate-300 p-2 text-sm dark:border-slate-700">
              <input type="radio" name="type" value={c.type} checked={type === c.type} onChange={() => setType(c.type)} className="mt-1 h-4 w-4" />
              <span>
                <span className="font-medium">{c.label}</span>
                <span className="block text-muted">{c.hint}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.type ? <p id={`${f("type")}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">Kind of intent: {errors.type}</p> : null}
      </fieldset>
      <div className="sm:col-span-2">
        <FormField id={f("asset")} label="Asset" error={errors.assetId}>
          <select id={f("asset")} name="assetId" className={fieldClass} value={asset?.id ?? ""} onChange={(e) => setAssetId(e.currentTarget.value)} {...fieldErrorProps(f("asset"), errors.assetId)}>
            {offered.length === 0 ? <option value="">{type === "primarySale" ? "You have issued no asset yet" : "There is no asset yet"}</option> : null}
            {offered.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} · {a.id}
              </option>
            ))}
          </select>
        </FormField>
        {asset ? (
          <p className={`mt-1 ${mutedTextClass}`}>
            Priced in {asset.denomination.code}; quantities with at most {asset.decimals} fraction digits.
            {type === "sellingIntent" ? ` You hold ${available} of it available to sell.` : ""}
          </p>
        ) : null}
      </div>
      <FormField id={f("amount")} label="Quantity (tokens)" error={errors.amount}>
        <input id={f("amount")} name="amount" inputMode="decimal" required maxLength={37} className={fieldClass} {...fieldErrorProps(f("amount"), errors.amount)} />
      </FormField>
      <FormField id={f("unitValue")} label={`Unit price${asset ? ` (${asset.denomination.code})` : ""}`} error={errors.unitValue}>
        <input id={f("unitValue")} name="unitValue" inputMode="decimal" required maxLength={37} className={fieldClass} {...fieldErrorProps(f("unitValue"), errors.unitValue)} />
      </FormField>
      <FormField id={f("start")} label="Starts" error={errors.start}>
        <input id={f("start")} name="start" type="datetime-local" required defaultValue={epochSecondsToLocalTime(nowSeconds)} className={fieldClass} {...fieldErrorProps(f("start"), errors.start)} />
      </FormField>
      <FormField id={f("end")} label="Ends" error={errors.end}>
        <input id={f("end")} name="end" type="datetime-local" required defaultValue={epochSecondsToLocalTime(nowSeconds + DEFAULT_DURATION_SECONDS)} className={fieldClass} {...fieldErrorProps(f("end"), errors.end)} />
      </FormField>
      {type === "buyingIntent" ? (
        <FormField id={f("expiry")} label="Hold my money until" hint="The escrow holds your money for each trade until this time." error={errors.expiry}>
          <input id={f("expiry")} name="expiry" type="datetime-local" required defaultValue={epochSecondsToLocalTime(nowSeconds + DEFAULT_DURATION_SECONDS)} className={fieldClass} {...fieldErrorProps(f("expiry"), errors.expiry, true)} />
        </FormField>
      ) : null}
      <FormField
        id={f("org")}
        label={type === "buyingIntent" ? "Payment organization" : "Paid at (payment organization)"}
        hint={type === "primarySale" ? "Buyers pay through this escrow organization into your account there." : type === "sellingIntent" ? "You are paid into your account at this organization." : undefined}
        error={errors.orgId}
      >
        <select id={f("org")} name="orgId" className={fieldClass} required {...fieldErrorProps(f("org"), errors.orgId, type !== "buyingIntent")}>
          {escrows.length === 0 ? <option value="">No payment organization is registered</option> : null}
          {escrows.map((o) => (
            <option key={o.id} value={o.id}>{o.name}</option>
          ))}
        </select>
      </FormField>
      {signs ? (
        <>
          <div className="sm:col-span-2">
            <FormField
              id={f("endpoint")}
              label="Signing endpoint"
              hint="Where each trade is sent for your signature. Your own signing inbox in this portal is filled in; sign there."
              error={errors.endpoint}
            >
              <input
                id={f("endpoint")}
                name="endpoint"
                type="url"
                required
                maxLength={2048}
                defaultValue={portalSigningEndpoint(signingBaseUrl, profile.id)}
                className={`${fieldClass} font-mono text-xs`}
                {...fieldErrorProps(f("endpoint"), errors.endpoint, true)}
              />
            </FormField>
          </div>
          <FormField id={f("secret")} label="Signing secret (optional)" hint="Authenticates the requests sent to the endpoint; it is never shown again." error={errors.secret}>
            <input id={f("secret")} name="secret" type="password" autoComplete="off" maxLength={256} className={fieldClass} {...fieldErrorProps(f("secret"), errors.secret, true)} />
          </FormField>
        </>
      ) : null}
      <div className="sm:col-span-2">
        <button type="submit" className={primaryButtonClass} disabled={publish.isPending || !asset}>
          {publish.isPending ? "Publishing…" : "Publish intent"}
        </button>
        {errors.form ? <StatusMessage tone="error">{errors.form}</StatusMessage> : null}
        {publish.isError ? (
          <WriteProblemMessage
            error={publish.error}
            refused="The intent was not published: "
            unanswered="No answer came, so the intent may be published already. “Publish intent” again with the same fields publishes it once."
          />
        ) : null}
        {publish.isSuccess ? <StatusMessage tone="success">Intent {publish.data.id} is published.</StatusMessage> : null}
      </div>
    </form>
  );
}
