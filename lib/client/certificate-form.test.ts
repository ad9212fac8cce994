import { describe, expect, it } from "vitest";

import { certificateFieldOfPath, certificateSummary, dayToEpochSeconds, toCertificateRequest, type CertificateFormValues } from "./certificate-form";

const KYC: CertificateFormValues = {
  type: "KYC/AML",
  issuanceDate: "2026-01-01",
  expirationDate: "2027-01-01",
  name: " Alice Example ",
  email: "",
  ownerType: "individual",
  country: "de",
  info: [
    { name: "provider", value: "KYC Co" },
    { name: "", value: "" },
  ],
};

describe("toCertificateRequest", () => {
  it("builds a KYC/AML body whose data is JSON of the type's fields", () => {
    const result = toCertificateRequest(KYC);
    expect(result).toEqual({
      ok: true,
      certificate: {
        type: "KYC/AML",
        issuanceDate: 1767225600,
        expirationDate: 1798761600,
        data: JSON.stringify({ name: "Alice Example", country: "DE", info: [{ type: "text", name: "provider", value: "KYC Co" }] }),
      },
    });
  });

  it("builds an ownerInfo body from email, name and kind", () => {
    const result = toCertificateRequest({ ...KYC, type: "ownerInfo", email: "alice@example.com", ownerType: "company" });
    expect(result.ok && JSON.parse(result.certificate.data)).toEqual({ email: "alice@example.com", name: "Alice Example", type: "company" });
  });

  it("names the form fields that are wrong", () => {
    const result = toCertificateRequest({ ...KYC, country: "XX", expirationDate: "2025-01-01", info: [{ name: "", value: "orphan value" }] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(["country", "expirationDate", "info.0.name"]);
  });

  it("refuses days that do not exist", () => {
    expect(Number.isNaN(dayToEpochSeconds("2026-02-30"))).toBe(true);
    expect(toCertificateRequest({ ...KYC, issuanceDate: "" })).toEqual({ ok: false, errors: { issuanceDate: "must be a date" } });
  });

  it("names the email of an ownerInfo certificate", () => {
    const result = toCertificateRequest({ ...KYC, type: "ownerInfo", email: "not an email" });
    expect(!result.ok && Object.keys(result.errors)).toEqual(["email"]);
  });
});

describe("certificateSummary", () => {
  it("says what was added: type, holder and validity", () => {
    const result = toCertificateRequest(KYC);
    if (!result.ok) throw new Error("not ok");
    expect(certificateSummary(result.certificate)).toBe("KYC/AML for Alice Example, valid from 2026-01-01 to 2027-01-01");
    expect(certificateSummary({ ...result.certificate, data: "not json" })).toBe("KYC/AML, valid from 2026-01-01 to 2027-01-01");
  });
});

describe("certificateFieldOfPath", () => {
  it("puts a server's field error beside the form field it is about", () => {
    expect(certificateFieldOfPath("body.data.country")).toBe("country");
    expect(certificateFieldOfPath("data.info.0.value")).toBe("info.0.value");
    expect(certificateFieldOfPath("expirationDate")).toBe("expirationDate");
    expect(certificateFieldOfPath("data.type")).toBe("ownerType");
  });
});
