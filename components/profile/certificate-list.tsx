"use client";

import { CertificateDocuments } from "@/components/profile/certificate-documents";
import { ProblemMessage } from "@/components/ui/problem-message";
import { mutedTextClass } from "@/components/ui/styles";
import { refusalReason } from "@/lib/client/problem-words";
import { useCertificates } from "@/lib/client/queries";

const day = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);

/** A profile's certificates, each with its documents and an upload. */
export function CertificateList({ profileId }: { profileId: string }) {
  const certificates = useCertificates(profileId);
  if (certificates.isPending) return <p role="status" className={mutedTextClass}>Loading certificates…</p>;
  if (certificates.isError) return <ProblemMessage summary={`The certificates could not be loaded: ${refusalReason(certificates.error)}`} error={certificates.error} />;
  if (certificates.data.length === 0) return <p className={mutedTextClass}>No certificates yet.</p>;
  return (
    <ul aria-label="Certificates" className="space-y-3 text-sm">
      {certificates.data.map((c) => (
        <li key={c.id} aria-label={`${c.type} certificate`} className="rounded border border-slate-200 p-3 dark:border-slate-800">
          <div className="flex flex-wrap gap-x-3">
            <span className="font-medium">{c.type}</span>
            <span>{day(c.issuanceDate)} to {day(c.expirationDate)}</span>
            <span className={c.expired ? "text-red-700 dark:text-red-300" : "text-green-800 dark:text-green-300"}>{c.expired ? "Expired" : "Valid"}</span>
          </div>
          <CertificateDocuments profileId={profileId} certificate={c} />
        </li>
      ))}
    </ul>
  );
}
