"use client";

// One user's access, for an admin: disable it (after a confirmation; every token and session stops at
// once) or enable it, its tokens with their last use, revoke one (after a confirmation), and issue
// another with a label, shown once.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { z } from "zod";

import { ShownOnce } from "@/components/ui/copy-button";
import { FormField, fieldErrorProps } from "@/components/ui/form-field";
import { StatusMessage } from "@/components/ui/status-message";
import { fieldClass, mutedTextClass, primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles";
import { apiCall, errorMessage } from "@/lib/client/api-client";
import { useAdminUser } from "@/lib/client/admin-queries";
import { issueTokenRequestSchema, issueTokenResponseSchema, userDetailSchema, type UserDetail } from "@/lib/schemas/user";

const dangerButtonClass =
  "rounded bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-50";

const when = (iso: string | null) => (iso ? `${iso.slice(0, 19).replace("T", " ")} UTC` : "never");

export function UserAccessPanel({ userId, onClose }: { userId: string; onClose: () => void }) {
  const user = useAdminUser(userId);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [userId]);
  return (
    <section aria-labelledby="user-access-heading" className="mt-4 rounded border border-slate-300 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="user-access-heading" ref={heading} tabIndex={-1} className="text-base font-medium">
          Access of {user.data?.email ?? "the user"}
        </h3>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>Close</button>
      </div>
      {user.isPending ? <p role="status" className={`mt-2 ${mutedTextClass}`}>Loading the user…</p> : null}
      {user.isError ? <StatusMessage tone="error">The user could not be loaded: {errorMessage(user.error)}</StatusMessage> : null}
      {user.data?.system ? (
        <p className="mt-2 text-sm">
          {user.data.email} is a program user that settlement between the router and the built-in escrow depends on: the server keeps its
          token, and its access cannot be changed here.
        </p>
      ) : null}
      {user.data && !user.data.system ? (
        <>
          <DisableControl user={user.data} />
          <Tokens user={user.data} />
          <IssueTokenForm userId={user.data.id} />
        </>
      ) : null}
    </section>
  );
}

function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ["admin"] });
}

function DisableControl({ user }: { user: UserDetail }) {
  const refresh = useRefreshUsers();
  const [confirming, setConfirming] = useState(false);
  const change = useMutation({
    mutationFn: (disabled: boolean) => apiCall(`/api/router/admin/users/${encodeURIComponent(user.id)}`, userDetailSchema, { method: "PATCH", body: { disabled } }),
    onSettled: () => setConfirming(false),
    onSuccess: refresh,
  });
  return (
    <div className="mt-3">
      <p className="text-sm">
        Status: <strong>{user.disabled ? "Disabled" : "Active"}</strong>
      </p>
      {user.disabled ? (
        <button type="button" className={`mt-2 ${primaryButtonClass}`} disabled={change.isPending} onClick={() => change.mutate(false)}>
          Enable user
        </button>
      ) : confirming ? (
        <div role="group" aria-label="Confirm disabling" className="mt-2 flex flex-wrap items-center gap-2">
          <p className="text-sm">Every token and session of {user.email} stops working at once. Disable?</p>
          <button type="button" className={dangerButtonClass} disabled={change.isPending} onClick={() => change.mutate(true)}>
            Disable {user.email}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>Cancel</button>
        </div>
      ) : (
        <button type="button" className={`mt-2 ${secondaryButtonClass}`} onClick={() => setConfirming(true)}>
          Disable user…
        </button>
      )}
      {change.isError ? <StatusMessage tone="error">Not changed: {errorMessage(change.error)}</StatusMessage> : null}
      {change.isSuccess ? <StatusMessage tone="success">{change.data.email} is {change.data.disabled ? "disabled" : "enabled"}.</StatusMessage> : null}
    </div>
  );
}

function Tokens({ user }: { user: UserDetail }) {
  const refresh = useRefreshUsers();
  const [confirming, setConfirming] = useState<string | null>(null);
  const revoke = useMutation({
    mutationFn: (tokenId: string) =>
      apiCall(`/api/router/admin/users/${encodeURIComponent(user.id)}/tokens/${encodeURIComponent(tokenId)}`, z.undefined(), { method: "DELETE" }),
    onSettled: () => setConfirming(null),
    onSuccess: refresh,
  });
  if (user.tokens.length === 0) return <p className={`mt-3 ${mutedTextClass}`}>No tokens.</p>;
  return (
    <div className="relative mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="text-left text-sm font-medium">Bearer tokens, oldest first</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-4 font-medium">Label</th>
            <th scope="col" className="py-2 pr-4 font-medium">Created</th>
            <th scope="col" className="py-2 pr-4 font-medium">Last used</th>
            <th scope="col" className="py-2 pr-4 font-medium">Status</th>
            <th scope="col" className="py-2 font-medium"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {user.tokens.map((t) => (
            <tr key={t.id} className="border-b border-slate-100 last:border-0 dark:border-slate-900">
              <th scope="row" className="py-2 pr-4 font-normal">{t.label}</th>
              <td className="py-2 pr-4 text-xs">{when(t.createdAt)}</td>
              <td className="py-2 pr-4 text-xs">{when(t.lastUsedAt)}</td>
              <td className="py-2 pr-4">{t.revoked ? "Revoked" : "Valid"}</td>
              <td className="py-2">
                {t.revoked ? null : confirming === t.id ? (
                  <span className="flex flex-wrap gap-2">
                    <button type="button" className={dangerButtonClass} disabled={revoke.isPending} onClick={() => revoke.mutate(t.id)}>
                      Revoke “{t.label}” now
                    </button>
                    <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(null)}>Cancel</button>
                  </span>
                ) : (
                  <button type="button" className={secondaryButtonClass} aria-label={`Revoke the token “${t.label}”…`} onClick={() => setConfirming(t.id)}>
                    Revoke…
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {revoke.isError ? <StatusMessage tone="error">Not revoked: {errorMessage(revoke.error)}</StatusMessage> : null}
      {revoke.isSuccess ? <StatusMessage tone="success">The token is revoked; it no longer works.</StatusMessage> : null}
    </div>
  );
}

function IssueTokenForm({ userId }: { userId: string }) {
  const id = useId();
  const refresh = useRefreshUsers();
  const [error, setError] = useState<string | undefined>();
  const issue = useMutation({
    mutationFn: (label: string) =>
      apiCall(`/api/router/admin/users/${encodeURIComponent(userId)}/tokens`, issueTokenResponseSchema, { method: "POST", body: { label } }),
    onSuccess: refresh,
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = issueTokenRequestSchema.safeParse({ label: String(new FormData(event.currentTarget).get("label") ?? "") });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "is not valid");
    setError(undefined);
    issue.mutate(parsed.data.label);
  }
  const field = `${id}-label`;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Issue a token" className="mt-4 space-y-2">
      <FormField id={field} label="New token's label" hint="What it is for, e.g. the program that will use it." error={error}>
        <input id={field} name="label" maxLength={100} autoComplete="off" className={fieldClass} {...fieldErrorProps(field, error, true)} />
      </FormField>
      <button type="submit" className={secondaryButtonClass} disabled={issue.isPending}>Issue token</button>
      {issue.isError ? <StatusMessage tone="error">No token was issued: {errorMessage(issue.error)}</StatusMessage> : null}
      {issue.isSuccess ? <ShownOnce message="A token is issued. It is shown only now: copy it." value={issue.data.token} label="New bearer token" /> : null}
    </form>
  );
}
