"use client";

import { useId } from "react";

import { CopyButton } from "@/components/ui/copy-button";
import { cardClass } from "@/components/ui/styles";
import { parseDepositDescription } from "@/lib/domain/escrow/deposit-description";

/** The bank details to pay with, one copy button per line; the reference number matches the money to you. */
export function DepositInstructionCard({ description, amount, currency }: { description: string; amount: string; currency: string }) {
  const headingId = useId();
  const lines = [...parseDepositDescription(description)];
  return (
    <section aria-labelledby={headingId} className={`${cardClass} mt-4 border-blue-300 dark:border-blue-800`}>
      <h3 id={headingId} className="font-medium">
        Deposit instructions
      </h3>
      <p className="mt-1 text-sm">
        Send {amount} {currency} by bank transfer with these details. Always quote the reference number.
      </p>
      <dl className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
        {lines.map(([label, value]) => (
          <div key={label} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
            <dt className="w-40 font-medium">{label}</dt>
            <dd className="flex-1 break-all font-mono">{value}</dd>
            <dd>
              <CopyButton value={value} label={label} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
