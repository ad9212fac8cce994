// Certificates attached to a profile (interface.md "Certificate"). `data` is a string containing
// JSON whose shape depends on the certificate type; errors inside it are reported at
// ["data", <field>] so a caller sees which field of the JSON is wrong.

import { z } from "zod";

import {
  certificateIdSchema,
  emailSchema,
  epochSecondsSchema,
  NAME_MAX_LENGTH,
  requiredAs,
  strictObject,
  text,
  tolerantObject,
  orRequired,
} from "@/lib/schemas/common";

export const CERTIFICATE_DATA_MAX_LENGTH = 16_000;
export const CERTIFICATE_INFO_MAX_ITEMS = 50;
export const CERTIFICATE_INFO_VALUE_MAX_LENGTH = 1_000;

/** ISO 3166-1 alpha-2 codes officially assigned (249). */
export const ISO_COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW " +
    "BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI " +
    "FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN " +
    "IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME " +
    "MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF " +
    "PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV " +
    "SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE " +
    "YT ZA ZM ZW"
  ).split(" "),
);

export const countryCodeSchema = z
  .string({ error: requiredAs("a country code") })
  .refine((code) => ISO_COUNTRY_CODES.has(code), {
    error: "must be an ISO 3166-1 alpha-2 country code in upper case, such as US or DE",
  });

export const CERTIFICATE_TYPES = ["ownerInfo", "KYC/AML", "Accreditation"] as const;
export const certificateTypeSchema = z.enum(CERTIFICATE_TYPES, {
  error: orRequired(`must be one of ${CERTIFICATE_TYPES.join(", ")}`),
});

export const ownerInfoDataSchema = strictObject({
  email: emailSchema,
  name: text(NAME_MAX_LENGTH),
  type: z.enum(["individual", "company"], { error: orRequired('must be "individual" or "company"') }),
});

export const certificateInfoItemSchema = strictObject({
  type: z.literal("text", { error: orRequired('must be "text"') }),
  name: text(NAME_MAX_LENGTH),
  value: text(CERTIFICATE_INFO_VALUE_MAX_LENGTH),
});

/** The data of KYC/AML and of Accreditation certificates. */
export const complianceDataSchema = strictObject({
  name: text(NAME_MAX_LENGTH),
  country: countryCodeSchema,
  info: z
    .array(certificateInfoItemSchema, { error: requiredAs("a list") })
    .max(CERTIFICATE_INFO_MAX_ITEMS, { error: `must have at most ${CERTIFICATE_INFO_MAX_ITEMS} items` }),
});

/** The schema of the JSON inside `data`, by certificate type. */
export const CERTIFICATE_DATA_SCHEMAS = {
  ownerInfo: ownerInfoDataSchema,
  "KYC/AML": complianceDataSchema,
  Accreditation: complianceDataSchema,
} as const satisfies Record<(typeof CERTIFICATE_TYPES)[number], z.ZodType>;

/**
 * A string that must contain JSON matching `schema`. The string itself is kept as the output (it
 * is stored and shown as given); issues inside it get paths relative to the field.
 */
export function jsonStringOf(schema: z.ZodType) {
  return z
    .string({ error: requiredAs("a string containing JSON") })
    .max(CERTIFICATE_DATA_MAX_LENGTH, { error: `must be at most ${CERTIFICATE_DATA_MAX_LENGTH} characters` })
    .superRefine((value, ctx) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: "custom", message: "must be a string containing JSON" });
        return;
      }
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
        ctx.addIssue({ code: "custom", message: "must be a string containing a JSON object" });
        return;
      }
      const result = schema.safeParse(parsed);
      if (result.success) return;
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
      }
    });
}

const certificateDates = {
  issuanceDate: epochSecondsSchema,
  expirationDate: epochSecondsSchema,
};

export const ownerInfoCertificateSchema = strictObject({
  type: z.literal("ownerInfo"),
  ...certificateDates,
  data: jsonStringOf(ownerInfoDataSchema),
});

export const kycAmlCertificateSchema = strictObject({
  type: z.literal("KYC/AML"),
  ...certificateDates,
  data: jsonStringOf(complianceDataSchema),
});

export const accreditationCertificateSchema = strictObject({
  type: z.literal("Accreditation"),
  ...certificateDates,
  data: jsonStringOf(complianceDataSchema),
});

// POST {router_url}/finapi/profiles/{profileId}/certificates – attach a certificate.
export const certificateSchema = z
  .discriminatedUnion("type", [ownerInfoCertificateSchema, kycAmlCertificateSchema, accreditationCertificateSchema], {
    error: `type must be one of ${CERTIFICATE_TYPES.join(", ")}`,
  })
  .refine((c) => c.expirationDate > c.issuanceDate, {
    error: "expirationDate must be after issuanceDate",
    path: ["expirationDate"],
  });

export const createCertificateResponseSchema = tolerantObject({ id: certificateIdSchema });

// POST {router_url}/finapi/profiles/{profileId}/certificates/{certificateId} – the document as stored.
export const uploadedDocumentSchema = tolerantObject({
  id: z.string().max(200),
  name: z.string().max(NAME_MAX_LENGTH),
  mimeType: z.string().max(200),
  size: z.number().int().nonnegative(),
  sha256: z.string().max(64),
});

// GET {router_url}/finapi/profiles/{profileId}/certificates – how certificates and their documents are shown.
export const documentViewSchema = uploadedDocumentSchema.extend({ createdAt: z.number().int().nonnegative() });

// GET {router_url}/documents/limits – what an upload accepts (UPLOAD_LIMIT_BYTES, the allowed types).
export const documentLimitsSchema = tolerantObject({
  maxBytes: z.number().int().positive(),
  mimeTypes: z.array(z.string().max(200)).min(1).max(50),
  perCertificateMax: z.number().int().positive(),
});

export const certificateViewSchema = tolerantObject({
  id: certificateIdSchema,
  type: certificateTypeSchema,
  issuanceDate: epochSecondsSchema,
  expirationDate: epochSecondsSchema,
  data: z.string().max(CERTIFICATE_DATA_MAX_LENGTH),
  expired: z.boolean(),
  status: z.enum(["valid", "expired"]),
  documents: z.array(documentViewSchema).max(100),
});

export const certificatesResponseSchema = tolerantObject({
  certificates: z.array(certificateViewSchema).max(100),
});

export type CertificateView = z.infer<typeof certificateViewSchema>;
export type UploadedDocument = z.infer<typeof uploadedDocumentSchema>;
export type DocumentLimits = z.infer<typeof documentLimitsSchema>;
export type CertificateType = z.infer<typeof certificateTypeSchema>;
export type OwnerInfoData = z.infer<typeof ownerInfoDataSchema>;
export type CertificateInfoItem = z.infer<typeof certificateInfoItemSchema>;
export type ComplianceData = z.infer<typeof complianceDataSchema>;
export type Certificate = z.infer<typeof certificateSchema>;
export type CreateCertificateResponse = z.infer<typeof createCertificateResponseSchema>;
