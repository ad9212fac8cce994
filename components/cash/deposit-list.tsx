"use client";

// The profile's deposit instructions as the router keeps them, so a reload loses nothing: when each
// was asked for, how much, its reference number, and whether the money arrived. An instruction's bank
// details open again in place, with their copy buttons.
import { Fragment, useState } from "react";

import { DepositInstructionCard } from "@/components/cash/deposit-instruction-card";
import { failureLines, SupportDetails } from "@/components/cash/support-details";
import { StatusMessage } from "@/components/ui/status-message";
import { mutedTextClass, secondaryButtonClass } from "@/components/ui/styles";
import { errorMessage } from "@/lib/client/api-client";
import { useDeposits } from "@/lib/client/deposit";
import { plainFailure } from "@/lib/client/operations";
import type { DepositListItem } from "@/lib/schemas/payment";

const utc = (epochSeconds: number) => `${new Date(epochSeconds * 1000).toISOString().replace("T", " ").slice(0, 16)} UTC`;

function DepositStatus({ deposit }: { deposit: DepositListItem }) {
  switch (deposit.status) {
    case "preparing":
      return <>Being prepared</>;
    case "waiting":
      return <>Waiting for your transfer</>;
    case "credited":
      return <>Credited: {deposit.credited?.amount} {deposit.asset.code}</>;
    case "failed": {
      const error = deposit.error ?? { Code: 20, Message: "the deposit instruction failed" };
      return (
        <>
          Not issued: {plainFailure("deposit", error).reason}
          <SupportDetails lines={failureLines(error, deposit.cid)} />
        </>
      );
    }
  }
}

export function DepositList({ profileId }: { profileId: string }) {
  const deposits = useDeposits(profileId);
  const [open, setOpen] = useState<string | null>(null);

  if (deposits.isPending) return <p role="status" className={mutedTextClass}>Loading your deposit instructions…</p>;
  if (deposits.isError) return <StatusMessage tone="error">Your deposit instructions could not be loaded: {errorMessage(deposits.error)}</StatusMessage>;
  const rows = deposits.data.pages.flatMap((page) => page.deposits);
  if (rows.length === 0) return <p className={mutedTextClass}>No deposit instructions yet. The ones you ask for are kept here.</p>;
  return (
    <div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Your deposit instructions: reference number, amount, status and date</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-4 font-medium">Requested</th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">Amount</th>
              <th scope="col" className="py-2 pr-4 font-medium">Reference number</th>
              <th scope="col" className="py-2 pr-4 font-medium">Status</th>
              <th scope="col" className="py-2 font-medium">Bank details</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((deposit) => {
              const shown = open === deposit.cid && deposit.instruction !== null;
              const detailsId = `deposit-${deposit.cid}`;
              return (
                <Fragment key={deposit.cid}>
                  <tr className="border-b border-slate-100 align-top last:border-0 dark:border-slate-900">
                    <td className="py-2 pr-4 whitespace-nowrap">{utc(deposit.createdAt)}</td>
                    <td className="py-2 pr-4 text-right font-mono tabular-nums whitespace-nowrap">
                      {deposit.amount} {deposit.asset.code}
                    </td>
                    <td className="py-2 pr-4 font-mono">{deposit.reference ?? "—"}</td>
                    <td className="py-2 pr-4">
                      <DepositStatus deposit={deposit} />
                    </td>
                    <td className="py-2">
                      {deposit.instruction && deposit.reference ? (
                        <button
                          type="button"
                          className={secondaryButtonClass}
                          aria-expanded={shown}
                          aria-controls={shown ? detailsId : undefined}
                          onClick={() => setOpen(shown ? null : deposit.cid)}
                        >
                          {shown ? "Hide" : "Show"}
                          <span className="sr-only"> bank details for {deposit.reference}</span>
                        </button>
                      ) : (
                        "—"
                      )}
                    </td>
                  </tr>
                  {shown && deposit.instruction ? (
                    <tr id={detailsId}>
                      <td colSpan={5} className="pb-3">
                        <DepositInstructionCard description={deposit.instruction.description} amount={deposit.amount} currency={deposit.asset.code} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {deposits.hasNextPage ? (
        <button type="button" className={`${secondaryButtonClass} mt-3`} disabled={deposits.isFetchingNextPage} onClick={() => void deposits.fetchNextPage()}>
          {deposits.isFetchingNextPage ? "Loading older instructions…" : "Show older instructions"}
        </button>
      ) : null}
    </div>
  );
}
