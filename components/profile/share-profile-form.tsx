"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { useId, type FormEvent } from "react";

import { ProblemMessage } from "@/components/ui/problem-message";
import { StatusMessage } from "@/components/ui/status-message";
import { fieldClass, labelClass, secondaryButtonClass } from "@/components/ui/styles";
import { apiCall } from "@/lib/client/api-client";
import { refusalReason } from "@/lib/client/problem-words";
import { queryKeys, usePaymentOrganizations } from "@/lib/client/queries";
import type { ProfileView } from "@/lib/schemas/profile";

/** Lets a payment organization read this profile and its certificates. */
export function ShareProfileForm({ profile }: { profile: ProfileView }) {
  const id = useId();
  const queryClient = useQueryClient();
  const organizations = usePaymentOrganizations();
  const candidates = organizations.data?.filter((o) => !profile.sharedWith.includes(o.id)) ?? [];
  const share = useMutation({
    // 204 No Content.
    mutationFn: (orgId: string) => apiCall(`/api/router/profiles/${encodeURIComponent(profile.id)}/share`, z.undefined(), { method: "POST", body: { organizations: [orgId] } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const orgId = String(new FormData(event.currentTarget).get("orgId") ?? "");
    share.reset();
    if (orgId) share.mutate(orgId);
  }

  if (organizations.isSuccess && candidates.length === 0) return null;
  return (
    <form onSubmit={onSubmit} className="mt-3 flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={`${id}-org`} className={labelClass}>Share with</label>
        <select id={`${id}-org`} name="orgId" className={fieldClass}>
          {candidates.map((o) => (
            <option key={o.id} value={o.id}>{o.name}</option>
          ))}
        </select>
      </div>
      <button type="submit" className={secondaryButtonClass} disabled={share.isPending || candidates.length === 0}>
        {share.isPending ? "Sharing…" : "Share profile"}
      </button>
      {share.isError ? <ProblemMessage summary={`The profile was not shared: ${refusalReason(share.error)}`} error={share.error} /> : null}
      {share.isSuccess ? <StatusMessage tone="success">Shared with {organizations.data?.find((o) => o.id === share.variables)?.name ?? share.variables}: it may now read this profile and its certificates.</StatusMessage> : null}
    </form>
  );
}
