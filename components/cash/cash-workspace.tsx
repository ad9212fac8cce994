"use client";

import Link from "next/link";
import { useId, useState } from "react";

import { DepositForm } from "@/components/cash/deposit-form";
import { HoldingsTable } from "@/components/cash/holdings-table";
import { WithdrawalForm } from "@/components/cash/withdrawal-form";
import { StatusMessage } from "@/components/ui/status-message";
import { cardClass, fieldClass, labelClass, mutedTextClass } from "@/components/ui/styles";
import { errorMessage } from "@/lib/client/api-client";
import { useProfiles } from "@/lib/client/queries";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";

/** Pick a profile, then request deposit instructions for it, withdraw from it and see its holdings. */
export function CashWorkspace() {
  const id = useId();
  const profiles = useProfiles();
  const [chosenId, setChosenId] = useState<string | null>(null);

  if (profiles.isPending) return <p role="status" className={mutedTextClass}>Loading your profiles…</p>;
  if (profiles.isError) return <StatusMessage tone="error">Your profiles could not be loaded: {errorMessage(profiles.error)}</StatusMessage>;
  if (profiles.data.length === 0) {
    return (
      <p className={mutedTextClass}>
        You need a profile first. <Link href="/profile" className="underline">Create one on the Profile page</Link>.
      </p>
    );
  }
  const profile = profiles.data.find((p) => p.id === chosenId) ?? profiles.data[0];
  if (!profile) return null;
  return (
    <div className="space-y-8">
      <div className="max-w-md">
        <label htmlFor={`${id}-profile`} className={labelClass}>Profile</label>
        <select id={`${id}-profile`} className={fieldClass} value={profile.id} onChange={(e) => setChosenId(e.currentTarget.value)}>
          {profiles.data.map((p) => (
            <option key={p.id} value={p.id}>
              {finIdFingerprint(p.finId)} · {p.id}
            </option>
          ))}
        </select>
      </div>
      <section aria-labelledby="deposit-heading" className={cardClass}>
        <h2 id="deposit-heading" className="text-lg font-medium">Deposit money</h2>
        <DepositForm key={profile.id} profile={profile} />
      </section>
      <section aria-labelledby="withdraw-heading" className={cardClass}>
        <h2 id="withdraw-heading" className="text-lg font-medium">Withdraw money</h2>
        <WithdrawalForm key={profile.id} profile={profile} />
      </section>
      <section aria-labelledby="holdings-heading" className={cardClass}>
        <h2 id="holdings-heading" className="text-lg font-medium">Holdings</h2>
        <div className="mt-3">
          <HoldingsTable profileId={profile.id} />
        </div>
      </section>
    </div>
  );
}
