"use client";

// Pieces both sides of the trade ticket use: which of the caller's profiles trades, the quantity
// field, an exact amount shown as a labelled output, and the key the trade is signed with (unlocked
// in place, or where to get it).
import Link from "next/link";
import { useId, type ReactNode } from "react";

import { useBrowserKey } from "@/components/keys/browser-key-context";
import { KeyUnlock } from "@/components/keys/key-unlock";
import { fieldClass, labelClass, mutedTextClass } from "@/components/ui/styles";
import type { SealedKey } from "@/lib/client/keys/sealed-key-record";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import type { ProfileView } from "@/lib/schemas/profile";

/** The profile a ticket starts with: the one whose key is unlocked, else one whose key is in this browser, else the first. */
export function defaultProfile(profiles: readonly ProfileView[], unlockedFinId: string | null, keys: readonly SealedKey[] | undefined): ProfileView | undefined {
  return profiles.find((p) => p.finId === unlockedFinId) ?? profiles.find((p) => keys?.some((k) => k.finId === p.finId)) ?? profiles[0];
}

/** A choice among the caller's profiles, shown only when there is more than one. */
export function ProfileChoice({ label, profiles, value, onChange }: { label: string; profiles: readonly ProfileView[]; value: string; onChange: (profileId: string) => void }) {
  const id = useId();
  if (profiles.length < 2) return null;
  return (
    <div className="max-w-md">
      <label htmlFor={id} className={labelClass}>{label}</label>
      <select id={id} className={fieldClass} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {finIdFingerprint(p.finId)} · {p.id}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The token quantity, as typed (checked by the eligibility pre-check), with the asset's decimals as a hint. */
export function QuantityField({ value, decimals, onChange }: { value: string; decimals: number; onChange: (quantity: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>Quantity (tokens)</label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        maxLength={37}
        className={fieldClass}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <p id={`${id}-hint`} className={`mt-1 ${mutedTextClass}`}>
        {decimals === 0 ? "Whole tokens only." : `Up to ${decimals} decimals.`}
      </p>
    </div>
  );
}

/** A computed amount, announced politely as it changes (an <output> is a status). */
export function AmountOutput({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div>
      <span className={labelClass} id={id}>{label}</span>
      <output aria-labelledby={id} className="mt-1 block py-2 font-mono text-lg tabular-nums">
        {children}
      </output>
    </div>
  );
}

/** Nothing when the profile's key is unlocked; else its unlock in place, or where to import it. */
export function KeyNeeded({ finId }: { finId: string }) {
  const { keys, unlockedFinId } = useBrowserKey();
  if (unlockedFinId === finId) return null;
  if (keys?.some((k) => k.finId === finId)) return <KeyUnlock finId={finId} />;
  return (
    <p className={mutedTextClass}>
      The trade is signed with this profile&apos;s key {finIdFingerprint(finId)}, which is not in this browser. Import its backup on the{" "}
      <Link href="/profile" className="underline">Profile page</Link>.
    </p>
  );
}
