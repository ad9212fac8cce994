"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";

import { FormField, fieldErrorProps } from "@/components/ui/form-field";
import { StatusMessage } from "@/components/ui/status-message";
import { cardClass, fieldClass, mutedTextClass, primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles";
import { apiCall, ApiError, errorMessage } from "@/lib/client/api-client";
import { declarationsFromText, declarationsText } from "@/lib/domain/organization-currencies";
import { adminQueryKeys, useAdminOrganizations } from "@/lib/client/admin-queries";
import { queryKeys } from "@/lib/client/queries";
import {
  adminOrganizationSchema,
  createOrganizationRequestSchema,
  updateOrganizationRequestSchema,
  type AdminOrganization,
  type CreateOrganizationRequest,
  type UpdateOrganizationRequest,
} from "@/lib/schemas/organization";

type Errors = Record<string, string>;

function errorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

function serverErrors(error: unknown): Errors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.fieldErrors.map((e) => [e.path.replace(/^body\./, "").split(".")[0] ?? "form", e.message]));
}

/** Every organization with its adapter; register a payment organization; edit one. */
export function OrganizationsAdmin() {
  const organizations = useAdminOrganizations();
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="space-y-8">
      <section aria-labelledby="orgs-heading" className={cardClass}>
        <h2 id="orgs-heading" className="text-lg font-medium">Organizations</h2>
        {organizations.isPending ? <p role="status" className={`mt-3 ${mutedTextClass}`}>Loading organizations…</p> : null}
        {organizations.isError ? <StatusMessage tone="error">The organizations could not be loaded: {errorMessage(organizations.error)}</StatusMessage> : null}
        {organizations.data ? (
          <ul aria-label="Organizations" className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {organizations.data.map((o) => (
              <li key={o.id} className="py-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0 text-sm">
                    <p className="font-medium">
                      {o.name} <span className="font-mono text-xs">({o.id})</span>
                    </p>
                    <p className={mutedTextClass}>
                      {o.kind === "escrow" ? "Payment organization" : "Router"}
                      {o.builtIn ? ", built in (follows this node's settings)" : ""}
                    </p>
                    {o.kind === "escrow" ? (
                      <>
                        <p className="break-all text-xs">
                          Adapter: <span className="font-mono">{o.adapterUrl ?? "none"}</span>; token: {o.hasAdapterToken ? "kept (never shown)" : "none"}
                        </p>
                        <p className="text-xs">
                          Currencies:{" "}
                          {o.currencies.length > 0
                            ? o.currencies.map((c) => `${c.code} (${c.minorUnits} decimal${c.minorUnits === 1 ? "" : "s"})`).join(", ")
                            : "none declared, so no money can be imported for it"}
                          {o.builtIn ? " (from ESCROW_CURRENCIES)" : ""}
                        </p>
                      </>
                    ) : null}
                  </div>
                  {!o.builtIn && editing !== o.id ? (
                    <button type="button" className={secondaryButtonClass} onClick={() => setEditing(o.id)}>
                      Edit<span className="sr-only"> {o.name}</span>
                    </button>
                  ) : null}
                </div>
                {editing === o.id ? <EditOrganizationForm organization={o} onDone={() => setEditing(null)} /> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <section aria-labelledby="register-org-heading" className={cardClass}>
        <h2 id="register-org-heading" className="text-lg font-medium">Register an organization</h2>
        <RegisterOrganizationForm />
      </section>
    </div>
  );
}

const CURRENCIES_HINT = "The currencies it keeps, each with its minor units (decimals), such as USD:2, EUR:2, JPY:0. Ledger imports for it may credit only these, with at most that many decimals; leave empty for none.";

/** The currencies field's text as the request's list: undefined when unchanged, or the error to show. */
function currenciesOf(text: string, before: string): { currencies?: { code: string; minorUnits: number }[]; error?: string } {
  if (text === before) return {};
  const read = declarationsFromText(text);
  return "error" in read ? { error: read.error } : { currencies: read.declarations };
}

function CurrenciesField({ id, defaultValue, error }: { id: string; defaultValue?: string; error: string | undefined }) {
  return (
    <FormField id={id} label="Currencies" hint={CURRENCIES_HINT} error={error}>
      <input id={id} name="currencies" defaultValue={defaultValue} maxLength={600} autoComplete="off" spellCheck={false} className={fieldClass} {...fieldErrorProps(id, error, true)} />
    </FormField>
  );
}

function useRefreshOrganizations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminQueryKeys.organizations }),
      queryClient.invalidateQueries({ queryKey: queryKeys.organizations }),
    ]);
}

function RegisterOrganizationForm() {
  const id = useId();
  const refresh = useRefreshOrganizations();
  const [kind, setKind] = useState<"escrow" | "router">("escrow");
  const [errors, setErrors] = useState<Errors>({});
  const register = useMutation({
    mutationFn: (body: CreateOrganizationRequest) => apiCall("/api/router/admin/organizations", adminOrganizationSchema.omit({ builtIn: true }), { method: "POST", body }),
    onSuccess: refresh,
    onError: (error) => setErrors(serverErrors(error)),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const currencies = kind === "escrow" ? currenciesOf(text("currencies"), "") : {};
    const body = {
      id: text("id"),
      name: text("name"),
      kind,
      ...(kind === "escrow" && text("adapterUrl") !== "" ? { adapterUrl: text("adapterUrl") } : {}),
      ...(kind === "escrow" && text("adapterToken") !== "" ? { adapterToken: text("adapterToken") } : {}),
      ...(currencies.currencies && currencies.currencies.length > 0 ? { currencies: currencies.currencies } : {}),
    };
    const parsed = createOrganizationRequestSchema.safeParse(body);
    if (!parsed.success || currencies.error) {
      setErrors({ ...(parsed.success ? {} : errorsOf(parsed.error.issues)), ...(currencies.error ? { currencies: currencies.error } : {}) });
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setErrors({});
    register.mutate(parsed.data, { onSuccess: () => form.reset() });
  }

  const f = (name: string) => `${id}-${name}`;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Register an organization" className="mt-3 grid gap-4 sm:grid-cols-2">
      <FormField id={f("id")} label="Id" hint="Lower-case letters, digits and dashes, such as bankco." error={errors.id}>
        <input id={f("id")} name="id" required maxLength={64} className={fieldClass} {...fieldErrorProps(f("id"), errors.id, true)} />
      </FormField>
      <FormField id={f("name")} label="Name" error={errors.name}>
        <input id={f("name")} name="name" required maxLength={200} className={fieldClass} {...fieldErrorProps(f("name"), errors.name)} />
      </FormField>
      <FormField id={f("kind")} label="Kind" error={errors.kind}>
        <select id={f("kind")} name="kind" className={fieldClass} value={kind} onChange={(e) => setKind(e.currentTarget.value === "router" ? "router" : "escrow")}>
          <option value="escrow">Payment organization (escrow)</option>
          <option value="router">Router</option>
        </select>
      </FormField>
      {kind === "escrow" ? (
        <>
          <FormField id={f("url")} label="Adapter URL" error={errors.adapterUrl}>
            <input id={f("url")} name="adapterUrl" type="url" required maxLength={2048} className={fieldClass} {...fieldErrorProps(f("url"), errors.adapterUrl)} />
          </FormField>
          <FormField id={f("token")} label="Adapter token (optional)" hint="The bearer token this router presents to the adapter; kept sealed, never shown again." error={errors.adapterToken}>
            <input id={f("token")} name="adapterToken" type="password" autoComplete="off" className={fieldClass} {...fieldErrorProps(f("token"), errors.adapterToken, true)} />
          </FormField>
          <div className="sm:col-span-2">
            <CurrenciesField id={f("currencies")} error={errors.currencies} />
          </div>
        </>
      ) : null}
      <div className="sm:col-span-2">
        <button type="submit" className={primaryButtonClass} disabled={register.isPending}>
          {register.isPending ? "Registering…" : "Register organization"}
        </button>
        {errors.form ? <StatusMessage tone="error">{errors.form}</StatusMessage> : null}
        {register.isError ? <StatusMessage tone="error">The organization was not registered: {errorMessage(register.error)}</StatusMessage> : null}
        {register.isSuccess ? <StatusMessage tone="success">Organization {register.data.id} is registered.</StatusMessage> : null}
      </div>
    </form>
  );
}

function EditOrganizationForm({ organization, onDone }: { organization: AdminOrganization; onDone: () => void }) {
  const id = useId();
  const refresh = useRefreshOrganizations();
  const [errors, setErrors] = useState<Errors>({});
  const firstFieldRef = useRef<HTMLInputElement>(null);
  useEffect(() => firstFieldRef.current?.focus(), []);
  const update = useMutation({
    mutationFn: (body: UpdateOrganizationRequest) =>
      apiCall(`/api/router/admin/organizations/${encodeURIComponent(organization.id)}`, adminOrganizationSchema.omit({ builtIn: true }), { method: "PATCH", body }),
    onSuccess: async () => {
      await refresh();
      onDone();
    },
    onError: (error) => setErrors(serverErrors(error)),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const token = text("tokenAction");
    const currencies = organization.kind === "escrow" ? currenciesOf(text("currencies"), declarationsText(organization.currencies)) : {};
    // Only what changed is sent: the token is kept unless it is replaced or removed.
    const body = {
      ...(text("name") !== organization.name ? { name: text("name") } : {}),
      ...(organization.kind === "escrow" && text("adapterUrl") !== (organization.adapterUrl ?? "") ? { adapterUrl: text("adapterUrl") } : {}),
      ...(token === "replace" ? { adapterToken: text("adapterToken") } : token === "remove" ? { adapterToken: null } : {}),
      ...(currencies.currencies ? { currencies: currencies.currencies } : {}),
    };
    const parsed = updateOrganizationRequestSchema.safeParse(body);
    if (!parsed.success || currencies.error) {
      return setErrors({ ...(parsed.success ? {} : errorsOf(parsed.error.issues)), ...(currencies.error ? { currencies: currencies.error } : {}) });
    }
    setErrors({});
    update.mutate(parsed.data);
  }

  const f = (name: string) => `${id}-${name}`;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Edit ${organization.name}`} className="mt-3 grid gap-4 sm:grid-cols-2">
      <FormField id={f("name")} label="Name" error={errors.name}>
        <input id={f("name")} ref={firstFieldRef} name="name" defaultValue={organization.name} maxLength={200} className={fieldClass} {...fieldErrorProps(f("name"), errors.name)} />
      </FormField>
      {organization.kind === "escrow" ? (
        <>
          <FormField id={f("url")} label="Adapter URL" error={errors.adapterUrl}>
            <input id={f("url")} name="adapterUrl" type="url" defaultValue={organization.adapterUrl ?? ""} maxLength={2048} className={fieldClass} {...fieldErrorProps(f("url"), errors.adapterUrl)} />
          </FormField>
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium">Adapter token</legend>
            <div className="mt-1 flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-2"><input type="radio" name="tokenAction" value="keep" defaultChecked /> keep it</label>
              <label className="flex items-center gap-2"><input type="radio" name="tokenAction" value="replace" /> replace it</label>
              <label className="flex items-center gap-2"><input type="radio" name="tokenAction" value="remove" /> remove it</label>
            </div>
          </fieldset>
          <FormField id={f("token")} label="New adapter token" hint="Used when “replace it” is chosen." error={errors.adapterToken}>
            <input id={f("token")} name="adapterToken" type="password" autoComplete="off" className={fieldClass} {...fieldErrorProps(f("token"), errors.adapterToken, true)} />
          </FormField>
          <div className="sm:col-span-2">
            <CurrenciesField id={f("currencies")} defaultValue={declarationsText(organization.currencies)} error={errors.currencies} />
          </div>
        </>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className={primaryButtonClass} disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save changes"}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          Cancel
        </button>
      </div>
      {errors.form ? <StatusMessage tone="error">{errors.form}</StatusMessage> : null}
      {update.isError ? <StatusMessage tone="error">The organization was not changed: {errorMessage(update.error)}</StatusMessage> : null}
    </form>
  );
}
