"use client";

import { ProblemMessage } from "@/components/ui/problem-message";
import { mutedTextClass } from "@/components/ui/styles";
import { refusalReason } from "@/lib/client/problem-words";
import { useProfiles } from "@/lib/client/queries";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import type { ProfileView } from "@/lib/schemas/profile";

function formatDate(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 10);
}

/** The caller's profiles; `renderDetails` adds per-profile parts (certificates, sharing). */
export function ProfileList({ renderDetails }: { renderDetails?: (profile: ProfileView) => React.ReactNode }) {
  const profiles = useProfiles();
  if (profiles.isPending) return <p role="status" className={mutedTextClass}>Loading your profiles…</p>;
  if (profiles.isError) return <ProblemMessage summary={`Your profiles could not be loaded: ${refusalReason(profiles.error)}`} error={profiles.error} />;
  if (profiles.data.length === 0) return <p className={mutedTextClass}>You have no profile yet.</p>;
  return (
    <ul aria-label="Your profiles" className="space-y-4">
      {profiles.data.map((p) => (
        <li key={p.id} className="rounded border border-slate-200 p-4 dark:border-slate-800">
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium">Profile</dt>
            <dd className="break-all font-mono">{p.id}</dd>
            <dt className="font-medium">Key fingerprint</dt>
            <dd className="font-mono">{finIdFingerprint(p.finId)}</dd>
            <dt className="font-medium">finId</dt>
            <dd className="break-all font-mono text-xs">{p.finId}</dd>
            <dt className="font-medium">Created</dt>
            <dd>{formatDate(p.createdAt)}</dd>
            <dt className="font-medium">Shared with</dt>
            <dd>{p.sharedWith.length === 0 ? "No organization" : p.sharedWith.join(", ")}</dd>
          </dl>
          {renderDetails ? renderDetails(p) : null}
        </li>
      ))}
    </ul>
  );
}
