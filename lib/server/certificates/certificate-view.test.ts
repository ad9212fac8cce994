import { describe, expect, it } from "vitest";

import { toCertificateView } from "@/lib/server/certificates/certificate-view";

const NOW = 1_800_000_000;
const row = { id: "node:103:x", type: "ownerInfo", issuanceDate: NOW - 100, expirationDate: NOW + 100, data: "{}" };
const document = { id: "node:104:y", name: "a.pdf", mimeType: "application/pdf", size: 3, sha256: "ab", createdAt: new Date(NOW * 1000 + 999) };

describe("toCertificateView", () => {
  it("shows a valid certificate with its documents, times in whole epoch seconds", () => {
    expect(toCertificateView(row, [document], NOW)).toEqual({
      ...row,
      expired: false,
      status: "valid",
      documents: [{ id: "node:104:y", name: "a.pdf", mimeType: "application/pdf", size: 3, sha256: "ab", createdAt: NOW }],
    });
  });

  it("reports an expired certificate", () => {
    expect(toCertificateView({ ...row, expirationDate: NOW }, [], NOW)).toMatchObject({ expired: true, status: "expired", documents: [] });
  });
});
