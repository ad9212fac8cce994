"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";

import { StatusMessage } from "@/components/ui/status-message";
import { mutedTextClass, secondaryButtonClass } from "@/components/ui/styles";
import { apiCall, errorMessage } from "@/lib/client/api-client";
import { ownerQueryKeys, useOwnIntents } from "@/lib/client/owner-queries";
import { intentSchema, type IntentStatus, type IntentType, type ListedIntent } from "@/lib/schemas/intent";

export const INTENT_TYPE_LABEL: Record<IntentType, string> = {
  primarySale: "Primary sale",
  sellingIntent: "Selling",
  buyingIntent: "Buying",
};

const STATUS_LABEL: Record<IntentStatus, string> = {
  ACTIVE: "Active",
  NON_ACTIVE: "Disabled",
  COMPLETED: "Completed",
  EXPIRED: "Expired",
};

export function formatUtc(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().replace("T", " ").slice(0, 16) + " UTC";
}

type Toggle = { intent: ListedIntent; action: "disable" | "enable" };

/** The intents `profileId` published, newest first, with their status and what remains; disable and enable. */
export function IntentTable({ profileId }: { profileId: string }) {
  const queryClient = useQueryClient();
  const intents = useOwnIntents(profileId);
  const toggle = useMutation({
    mutationFn: ({ intent, action }: Toggle) =>
      apiCall(`/api/router/finapi/profiles/asset/${encodeURIComponent(intent.assetId)}/intent/${encodeURIComponent(intent.id)}/${action}`, intentSchema, { method: "PUT" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerQueryKeys.ownIntents(profileId) }),
  });

  if (intents.isPending) return <p role="status" className={mutedTextClass}>Loading your intents…</p>;
  if (intents.isError) return <StatusMessage tone="error">Your intents could not be loaded: {errorMessage(intents.error)}</StatusMessage>;
  if (intents.data.length === 0) return <p className={mutedTextClass}>You have not published an intent yet.</p>;
  return (
    <div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-busy={intents.isFetching}>
          <caption className="sr-only">Your intents, newest first</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-4 font-medium">Intent</th>
              <th scope="col" className="py-2 pr-4 font-medium">Asset</th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">Quantity</th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">Remaining</th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">Unit price</th>
              <th scope="col" className="py-2 pr-4 font-medium">Open</th>
              <th scope="col" className="py-2 pr-4 font-medium">Status</th>
              <th scope="col" className="py-2 font-medium"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {intents.data.map((intent) => {
              const label = `${INTENT_TYPE_LABEL[intent.type]} ${intent.id}`;
              return (
                <tr key={intent.id} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-900">
                  <th scope="row" className="py-2 pr-4 font-normal">
                    <span className="font-medium">{INTENT_TYPE_LABEL[intent.type]}</span>
                    <span className="block break-all font-mono text-xs">{intent.id}</span>
                  </th>
                  <td className="break-all py-2 pr-4 font-mono text-xs">{intent.assetId}</td>
                  <td className="py-2 pr-4 text-right font-mono tabular-nums">{intent.assetTerm.amount}</td>
                  <td className="py-2 pr-4 text-right font-mono tabular-nums">{intent.remainingQuantity}</td>
                  <td className="py-2 pr-4 text-right font-mono tabular-nums">
                    {intent.settlementTerm.unitValue} {intent.settlementTerm.asset.type === "fiat" ? intent.settlementTerm.asset.code : ""}
                  </td>
                  <td className="py-2 pr-4 text-xs">
                    {formatUtc(intent.start)} to {formatUtc(intent.end)}
                  </td>
                  <td className="py-2 pr-4">{STATUS_LABEL[intent.status]}</td>
                  <td className="py-2">
                    {intent.status === "ACTIVE" || intent.status === "NON_ACTIVE" ? (
                      <button
                        type="button"
                        className={secondaryButtonClass}
                        disabled={toggle.isPending}
                        onClick={() => toggle.mutate({ intent, action: intent.status === "ACTIVE" ? "disable" : "enable" })}
                      >
                        {intent.status === "ACTIVE" ? "Disable" : "Enable"}
                        <span className="sr-only"> {label}</span>
                      </button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {toggle.isError ? <StatusMessage tone="error">The intent was not changed: {errorMessage(toggle.error)}</StatusMessage> : null}
      {toggle.isSuccess ? (
        <StatusMessage tone="success">
          {INTENT_TYPE_LABEL[toggle.data.type]} {toggle.data.id} is {toggle.data.status === "ACTIVE" ? "enabled" : "disabled"}.
        </StatusMessage>
      ) : null}
    </div>
  );
}
