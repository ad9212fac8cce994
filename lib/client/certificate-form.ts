// From the fields of the certificate form to the request body: `data` is built as JSON from the
// type's own fields, dates are calendar days (UTC midnight, epoch seconds), and the whole body is
// checked with the same schema the server parses it with, so errors name the form's fields.
import { certificateSchema, type Certificate, type CertificateType } from "@/lib/schemas/certificate";

export type InfoLine = { name: string; value: string };

export type CertificateFormValues = {
  type: CertificateType;
  /** YYYY-MM-DD, as an <input type="date"> gives it. */
  issuanceDate: string;
  expirationDate: string;
  name: string;
  /** ownerInfo only. */
  email: string;
  ownerType: string;
  /** KYC/AML and Accreditation only. */
  country: string;
  info: InfoLine[];
};

export type CertificateFormResult = { ok: true; certificate: Certificate } | { ok: false; errors: Record<string, string> };

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Epoch seconds of a calendar day at 00:00 UTC, or NaN when the text is not a real day. */
export function dayToEpochSeconds(day: string): number {
  if (!DAY_PATTERN.test(day)) return Number.NaN;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? Number.NaN : ms / 1000;
}

function dataOf(values: CertificateFormValues): Record<string, unknown> {
  if (values.type === "ownerInfo") return { email: values.email.trim(), name: values.name.trim(), type: values.ownerType };
  const info = values.info
    .filter((line) => line.name.trim() !== "" || line.value.trim() !== "")
    .map((line) => ({ type: "text", name: line.name.trim(), value: line.value.trim() }));
  return { name: values.name.trim(), country: values.country.trim().toUpperCase(), info };
}

/** Which form field an issue path (e.g. ["data", "country"] or ["data", "info", 0, "name"]) belongs to. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [first, second, third, fourth] = path;
  if (first !== "data") return String(first ?? "form");
  if (second === "type") return "ownerType";
  if (second === "info" && third !== undefined) return `info.${String(third)}.${String(fourth ?? "name")}`;
  return String(second ?? "form");
}

/** Which form field a server's field error (a path such as "body.data.country") belongs to. */
export function certificateFieldOfPath(path: string): string {
  return fieldOf(path.replace(/^body\./, "").split(".").map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment)));
}

export function toCertificateRequest(values: CertificateFormValues): CertificateFormResult {
  const body = {
    type: values.type,
    issuanceDate: dayToEpochSeconds(values.issuanceDate),
    expirationDate: dayToEpochSeconds(values.expirationDate),
    data: JSON.stringify(dataOf(values)),
  };
  const errors: Record<string, string> = {};
  if (Number.isNaN(body.issuanceDate)) errors.issuanceDate = "must be a date";
  if (Number.isNaN(body.expirationDate)) errors.expirationDate = "must be a date";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = certificateSchema.safeParse(body);
  if (parsed.success) return { ok: true, certificate: parsed.data };
  for (const issue of parsed.error.issues) errors[fieldOf(issue.path)] ??= issue.message;
  return { ok: false, errors };
}

const TYPE_WORDS: Readonly<Record<CertificateType, string>> = { ownerInfo: "Owner information", "KYC/AML": "KYC/AML", Accreditation: "Accreditation" };

const calendarDay = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);

/** The holder's name in a certificate's `data`, when it has one. */
function holderName(data: string): string | null {
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === "object" && parsed !== null && "name" in parsed && typeof parsed.name === "string" ? parsed.name : null;
  } catch {
    return null;
  }
}

/** A certificate in one line, to say what was added: its type, whose it is and when it is valid. */
export function certificateSummary(certificate: Certificate): string {
  const name = holderName(certificate.data);
  return `${TYPE_WORDS[certificate.type]}${name ? ` for ${name}` : ""}, valid from ${calendarDay(certificate.issuanceDate)} to ${calendarDay(certificate.expirationDate)}`;
}
