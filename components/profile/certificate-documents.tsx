"use client";

import { DocumentUpload } from "@/components/profile/document-upload";
import { mutedTextClass } from "@/components/ui/styles";
import { formatBytes } from "@/lib/client/document-upload";
import type { CertificateView } from "@/lib/schemas/certificate";

/** A certificate's documents, each with a download link, and the upload that adds another. */
export function CertificateDocuments({ profileId, certificate }: { profileId: string; certificate: CertificateView }) {
  const { documents } = certificate;
  return (
    <div className="mt-2">
      {documents.length === 0 ? (
        <p className={mutedTextClass}>No documents on this certificate yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Documents of the {certificate.type} certificate</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-1 pr-3 font-medium">Name</th>
                <th scope="col" className="py-1 pr-3 font-medium">Type</th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">Size</th>
                <th scope="col" className="py-1 pr-3 font-medium">SHA-256</th>
                <th scope="col" className="py-1 font-medium"><span className="sr-only">Download</span></th>
              </tr>
            </thead>
            <tbody>
              {documents.map((d) => (
                <tr key={d.id} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-900">
                  <th scope="row" className="break-all py-1 pr-3 font-normal">{d.name}</th>
                  <td className="py-1 pr-3">{d.mimeType}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{formatBytes(d.size)}</td>
                  <td className="break-all py-1 pr-3 font-mono text-xs">{d.sha256}</td>
                  <td className="py-1">
                    <a href={`/api/router/finapi/profiles/${encodeURIComponent(profileId)}/documents/${encodeURIComponent(d.id)}`} download={d.name} className="underline">
                      Download<span className="sr-only"> {d.name}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <DocumentUpload profileId={profileId} certificateId={certificate.id} certificateType={certificate.type} />
    </div>
  );
}
