"use client";

import { useEffect, useId, useRef } from "react";

import { cardClass, primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles";

/**
 * The last look before money leaves: every term of the withdrawal in words, then sign and send it, or
 * go back and change it. The heading takes the focus, so a screen reader starts reading here.
 */
export function WithdrawalConfirmation({
  terms,
  onConfirm,
  onChange,
  disabled,
}: {
  terms: readonly [label: string, value: string][];
  onConfirm: () => void;
  onChange: () => void;
  disabled: boolean;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={headingId} className={`${cardClass} mt-4 border-amber-400 dark:border-amber-700`}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className="font-medium">
        Confirm your withdrawal
      </h3>
      <p className="mt-1 text-sm">Check these details: once signed, the payment organization sends the money and it cannot be called back.</p>
      <dl className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
        {terms.map(([label, value]) => (
          <div key={label} className="flex flex-wrap gap-x-4 gap-y-1 py-2">
            <dt className="w-56 font-medium">{label}</dt>
            <dd className={label === "To bank account (IBAN)" || label === "Amount" ? "flex-1 font-mono" : "flex-1"}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={primaryButtonClass} onClick={onConfirm} disabled={disabled}>
          Sign and withdraw
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onChange}>
          Change details
        </button>
      </div>
    </section>
  );
}
