"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";

import { FormField, fieldErrorProps } from "@/components/ui/form-field";
import { WriteProblemMessage } from "@/components/ui/problem-message";
import { StatusMessage } from "@/components/ui/status-message";
import { fieldClass, primaryButtonClass } from "@/components/ui/styles";
import { apiCall, ApiError } from "@/lib/client/api-client";
import { useRetryKey } from "@/lib/client/retry-key";
import { ownerQueryKeys } from "@/lib/client/owner-queries";
import { createAssetRequestSchema, createAssetResponseSchema, type CreateAssetRequest } from "@/lib/schemas/asset";

/** Currencies the built-in escrow keeps accounts in (ESCROW_CURRENCIES' default). */
export const ASSET_CURRENCIES = ["USD", "EUR", "GBP", "CHF", "JPY"] as const;

type Field = "name" | "denomination" | "decimals" | "form";

function fieldOf(path: string): Field {
  const p = path.replace(/^body\./, "");
  if (p.startsWith("name")) return "name";
  if (p.startsWith("denomination")) return "denomination";
  if (p.startsWith("decimals")) return "decimals";
  return "form";
}

/**
 * Creates an asset (class 102) issued by `issuerId`: name, currency, decimals and the buyers'
 * certificate rules. Each attempt replaces the messages of the one before; once created, the form empties.
 */
export function AssetForm({ issuerId }: { issuerId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // "Create" again after a lost answer sends the same key, so the asset is made once.
  const retryKey = useRetryKey();
  const create = useMutation({
    mutationFn: (body: CreateAssetRequest) =>
      apiCall("/api/router/finapi/profiles/asset", createAssetResponseSchema, { method: "POST", body, headers: { "idempotency-key": retryKey.keyFor(body) } }),
    onSettled: (_data, error) => retryKey.settle(error ?? undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerQueryKeys.assets }),
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors.length > 0) setErrors(Object.fromEntries(error.fieldErrors.map((e) => [fieldOf(e.path), e.message])));
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    create.reset();
    const data = new FormData(form);
    const decimalsText = String(data.get("decimals") ?? "").trim();
    const body = {
      name: String(data.get("name") ?? "").trim(),
      issuerId,
      denomination: { type: "fiat", code: String(data.get("currency") ?? "") },
      decimals: /^\d+$/.test(decimalsText) ? Number(decimalsText) : decimalsText,
      rules: { kycAml: data.get("kycAml") === "on", accreditation: data.get("accreditation") === "on" },
    };
    const parsed = createAssetRequestSchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[fieldOf(issue.path.join("."))] ??= issue.message;
      setErrors(next);
      // The first field in error takes the focus (once React has marked it), so its message is read out.
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setErrors({});
    create.mutate(parsed.data, { onSuccess: () => form.reset() });
  }

  const f = (name: string) => `${id}-${name}`;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create an asset" className="mt-3 grid gap-4 sm:grid-cols-2">
      <FormField id={f("name")} label="Name" error={errors.name}>
        <input id={f("name")} name="name" required maxLength={200} className={fieldClass} {...fieldErrorProps(f("name"), errors.name)} />
      </FormField>
      <FormField id={f("currency")} label="Priced in" error={errors.denomination}>
        <select id={f("currency")} name="currency" className={fieldClass} defaultValue="USD" {...fieldErrorProps(f("currency"), errors.denomination)}>
          {ASSET_CURRENCIES.map((c) => (
            <option key={c} value={c}>{c}</option>
          ))}
        </select>
      </FormField>
      <FormField id={f("decimals")} label="Decimals" hint="Fraction digits a token quantity may have, 0 to 18 (0: whole tokens only)." error={errors.decimals}>
        <input id={f("decimals")} name="decimals" inputMode="numeric" defaultValue="0" className={fieldClass} {...fieldErrorProps(f("decimals"), errors.decimals, true)} />
      </FormField>
      <fieldset className="sm:row-span-2">
        <legend className="text-sm font-medium">Buyers must hold</legend>
        <div className="mt-2 space-y-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="kycAml" className="h-4 w-4" /> a valid KYC/AML certificate
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="accreditation" className="h-4 w-4" /> a valid accreditation certificate
          </label>
        </div>
      </fieldset>
      <div className="sm:col-span-2">
        <button type="submit" className={primaryButtonClass} disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create asset"}
        </button>
        {errors.form ? <StatusMessage tone="error">{errors.form}</StatusMessage> : null}
        {create.isError ? (
          <WriteProblemMessage
            error={create.error}
            refused="The asset was not created: "
            unanswered="No answer came, so the asset may exist already. “Create asset” again with the same fields creates it once."
          />
        ) : null}
        {create.isSuccess ? <StatusMessage tone="success">Asset {create.data.id} is created.</StatusMessage> : null}
      </div>
    </form>
  );
}
