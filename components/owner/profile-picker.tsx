"use client";

import Link from "next/link";
import { useId, useState, type ReactNode } from "react";

import { StatusMessage } from "@/components/ui/status-message";
import { fieldClass, labelClass, mutedTextClass } from "@/components/ui/styles";
import { errorMessage } from "@/lib/client/api-client";
import { useProfiles } from "@/lib/client/queries";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import type { ProfileView } from "@/lib/schemas/profile";

/** Loads the caller's profiles, lets them choose one (the first by default) and renders `children` for it. */
export function ProfilePicker({ purpose, children }: { purpose: string; children: (profile: ProfileView) => ReactNode }) {
  const id = useId();
  const profiles = useProfiles();
  const [chosenId, setChosenId] = useState<string | null>(null);

  if (profiles.isPending) return <p role="status" className={mutedTextClass}>Loading your profiles…</p>;
  if (profiles.isError) return <StatusMessage tone="error">Your profiles could not be loaded: {errorMessage(profiles.error)}</StatusMessage>;
  if (profiles.data.length === 0) {
    return (
      <p className={mutedTextClass}>
        You need a profile {purpose}. <Link href="/profile" className="underline">Create one on the Profile page</Link>.
      </p>
    );
  }
  const profile = profiles.data.find((p) => p.id === chosenId) ?? profiles.data[0];
  if (!profile) return null;
  return (
    <div className="space-y-8">
      {profiles.data.length > 1 ? (
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
      ) : (
        <p className={mutedTextClass}>
          Profile <span className="break-all font-mono">{profile.id}</span> (key {finIdFingerprint(profile.finId)})
        </p>
      )}
      {children(profile)}
    </div>
  );
}
