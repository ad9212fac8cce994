// How certificates and their documents are shown (GET …/certificates): dates in epoch seconds, and
// whether the certificate has expired at the time of the answer. No I/O, so it is tested alone.
import { isCertificateExpired } from "@/lib/domain/certificates";

type CertificateRow = { id: string; type: string; issuanceDate: number; expirationDate: number; data: string };
type DocumentRow = { id: string; name: string; mimeType: string; size: number; sha256: string; createdAt: Date };

export type DocumentView = { id: string; name: string; mimeType: string; size: number; sha256: string; createdAt: number };
export type CertificateView = {
  id: string;
  type: string;
  issuanceDate: number;
  expirationDate: number;
  data: string;
  expired: boolean;
  status: "valid" | "expired";
  documents: DocumentView[];
};

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

export function toDocumentView(row: DocumentRow): DocumentView {
  return { id: row.id, name: row.name, mimeType: row.mimeType, size: row.size, sha256: row.sha256, createdAt: epochSeconds(row.createdAt) };
}

export function toCertificateView(row: CertificateRow, documents: readonly DocumentRow[], nowSeconds: number): CertificateView {
  const expired = isCertificateExpired(row.expirationDate, nowSeconds);
  return {
    id: row.id,
    type: row.type,
    issuanceDate: row.issuanceDate,
    expirationDate: row.expirationDate,
    data: row.data,
    expired,
    status: expired ? "expired" : "valid",
    documents: documents.map(toDocumentView),
  };
}
