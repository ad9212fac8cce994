"use client";

import { useQuery } from "@tanstack/react-query";

import { StatusMessage } from "@/components/ui/status-message";
import { mutedTextClass } from "@/components/ui/styles";
import { apiCall, errorMessage } from "@/lib/client/api-client";
import { queryKeys } from "@/lib/client/queries";
import { certificatesResponseSchema } from "@/lib/schemas/certificate";

const day = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);

export function CertificateList({ profileId }: { profileId: string }) {
  const certificates = useQuery({
    queryKey: queryKeys.certificates(profileId),
    queryFn: async () => (await apiCall(`/api/router/finapi/profiles/${encodeURIComponent(profileId)}/certificates`, certificatesResponseSchema)).certificates,
  });
  if (certificates.isPending) return <p role="status" className={mutedTextClass}>Loading certificates…</p>;
  if (certificates.isError) return <StatusMessage tone="error">The certificates could not be loaded: {errorMessage(certificates.error)}</StatusMessage>;
  if (certificates.data.length === 0) return <p className={mutedTextClass}>No certificates yet.</p>;
  return (
    <ul aria-label="Certificates" className="space-y-1 text-sm">
      {certificates.data.map((c) => (
        <li key={c.id} className="flex flex-wrap gap-x-3">
          <span className="font-medium">{c.type}</span>
          <span>{day(c.issuanceDate)} to {day(c.expirationDate)}</span>
          <span className={c.expired ? "text-red-700 dark:text-red-300" : "text-green-800 dark:text-green-300"}>{c.expired ? "Expired" : "Valid"}</span>
        </li>
      ))}
    </ul>
  );
}
