"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";

import { StatusMessage } from "@/components/ui/status-message";
import { CursorPager, useCursorPages } from "@/components/ui/cursor-pager";
import { fieldClass, labelClass, mutedTextClass } from "@/components/ui/styles";
import { apiCall, errorMessage } from "@/lib/client/api-client";
import { useNowSeconds } from "@/lib/client/use-now-seconds";
import { HOLD_STATUSES, type HoldStatus } from "@/lib/domain/escrow/hold-status";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import { FIN_ID_PATTERN } from "@/lib/domain/patterns";
import { escrowAccountsPageSchema, escrowHoldsPageSchema } from "@/lib/schemas/escrow-operator";

const PAGE_SIZE = 50;
/** The operator watches money move: read again while the page is open. */
const REFRESH_MS = 5_000;

const HOLD_LABEL: Record<HoldStatus, string> = { HELD: "Held", RELEASED: "Released", ROLLED_BACK: "Rolled back", EXPIRED: "Expired" };
export const utc = (epochSeconds: number) => `${new Date(epochSeconds * 1000).toISOString().replace("T", " ").slice(0, 16)} UTC`;
/** A customer's key as the operator reads it: its fingerprint (the full finId in the title). */
export const ownerLabel = (finId: string) => (FIN_ID_PATTERN.test(finId) ? finIdFingerprint(finId) : finId);

/** Customer accounts with balance, held and available. */
export function EscrowAccountsTable() {
  const pages = useCursorPages();
  const accounts = useQuery({
    queryKey: ["escrow", "accounts", pages.cursor],
    queryFn: () => apiCall(`/api/adapter/operator/accounts?${new URLSearchParams({ limit: String(PAGE_SIZE), ...(pages.cursor ? { cursor: pages.cursor } : {}) })}`, escrowAccountsPageSchema),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  if (accounts.isPending) return <p role="status" className={mutedTextClass}>Loading accounts…</p>;
  if (accounts.isError) return <StatusMessage tone="error">The accounts could not be loaded: {errorMessage(accounts.error)}</StatusMessage>;
  return (
    <>
      {accounts.data.accounts.length === 0 ? (
        <p className={mutedTextClass}>No customer accounts yet. An account opens when a customer asks for deposit instructions.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Customer accounts with balance, held and available amounts</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-4 font-medium">Owner key</th>
                <th scope="col" className="py-2 pr-4 font-medium">Currency</th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">Balance</th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">Held</th>
                <th scope="col" className="py-2 text-right font-medium">Available</th>
              </tr>
            </thead>
            <tbody>
              {accounts.data.accounts.map((a) => (
                <tr key={a.id} className="border-b border-slate-100 last:border-0 dark:border-slate-900">
                  <th scope="row" className="py-2 pr-4 font-mono font-normal" title={a.ownerFinId}>{ownerLabel(a.ownerFinId)}</th>
                  <td className="py-2 pr-4">{a.currency}</td>
                  <td className="py-2 pr-4 text-right font-mono tabular-nums">{a.balance}</td>
                  <td className="py-2 pr-4 text-right font-mono tabular-nums">{a.held}</td>
                  <td className="py-2 text-right font-mono tabular-nums">{a.available}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CursorPager label="Pages of accounts" pages={pages} nextCursor={accounts.data.nextCursor} />
    </>
  );
}

function expiryText(expiry: number, status: HoldStatus, now: number): string {
  if (status !== "HELD") return utc(expiry);
  const minutes = Math.round((expiry - now) / 60);
  if (expiry <= now) return `${utc(expiry)} (due for rollback)`;
  return `${utc(expiry)} (in ${minutes < 1 ? "less than a minute" : `${minutes} min`})`;
}

/** Holds with their status and expiry, filtered by status. */
export function EscrowHoldsTable() {
  const id = useId();
  const now = useNowSeconds();
  const pages = useCursorPages();
  const [status, setStatus] = useState<HoldStatus | null>(null);
  const holds = useQuery({
    queryKey: ["escrow", "holds", status, pages.cursor],
    queryFn: () =>
      apiCall(
        `/api/adapter/operator/holds?${new URLSearchParams({ limit: String(PAGE_SIZE), ...(status ? { status } : {}), ...(pages.cursor ? { cursor: pages.cursor } : {}) })}`,
        escrowHoldsPageSchema,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  return (
    <>
      <div className="mb-3 max-w-xs">
        <label htmlFor={`${id}-status`} className={labelClass}>Hold status</label>
        <select
          id={`${id}-status`}
          className={fieldClass}
          value={status ?? ""}
          onChange={(e) => {
            setStatus(HOLD_STATUSES.find((s) => s === e.currentTarget.value) ?? null);
            pages.reset();
          }}
        >
          <option value="">All statuses</option>
          {HOLD_STATUSES.map((s) => (
            <option key={s} value={s}>{HOLD_LABEL[s]}</option>
          ))}
        </select>
      </div>
      {holds.isPending ? <p role="status" className={mutedTextClass}>Loading holds…</p> : null}
      {holds.isError ? <StatusMessage tone="error">The holds could not be loaded: {errorMessage(holds.error)}</StatusMessage> : null}
      {holds.data && holds.data.holds.length === 0 ? <p className={mutedTextClass}>No holds{status ? ` with status ${HOLD_LABEL[status]}` : ""}.</p> : null}
      {holds.data && holds.data.holds.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Holds with their status and expiry</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-4 font-medium">Plan</th>
                <th scope="col" className="py-2 pr-4 font-medium">Owner key</th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">Amount</th>
                <th scope="col" className="py-2 pr-4 font-medium">Status</th>
                <th scope="col" className="py-2 font-medium">Expiry</th>
              </tr>
            </thead>
            <tbody>
              {holds.data.holds.map((h) => (
                <tr key={h.id} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-900">
                  <th scope="row" className="break-all py-2 pr-4 font-mono text-xs font-normal">{h.executionPlanId}</th>
                  <td className="py-2 pr-4 font-mono" title={h.ownerFinId}>{ownerLabel(h.ownerFinId)}</td>
                  <td className="py-2 pr-4 text-right font-mono tabular-nums">
                    {h.quantity} {h.currency}
                  </td>
                  <td className="py-2 pr-4 font-medium">{HOLD_LABEL[h.status]}</td>
                  <td className="py-2">{expiryText(h.expiry, h.status, now)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <CursorPager label="Pages of holds" pages={pages} nextCursor={holds.data?.nextCursor} />
    </>
  );
}
