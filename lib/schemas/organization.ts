// Organizations of the network (decisions.md §8: GET {router_url}/finapi/organizations).

import { z } from "zod";

import { currencyCodeSchema, httpUrlSchema, LIST_MAX_ITEMS, NAME_MAX_LENGTH, orgIdSchema, orRequired, strictObject, text, tolerantObject } from "@/lib/schemas/common";

export const ORGANIZATION_KINDS = ["router", "escrow"] as const;
export const organizationKindSchema = z.enum(ORGANIZATION_KINDS, { error: orRequired('must be "router" or "escrow"') });

export const organizationSchema = tolerantObject({
  id: orgIdSchema,
  name: text(NAME_MAX_LENGTH),
  kind: organizationKindSchema,
  /**
   * Whether a payment organization's adapter answered the router's last check (the built-in escrow
   * and routers: always). This node always sends it; decisions.md §8 lists only id, name and kind.
   */
  available: z.boolean().optional(),
});

export const organizationsResponseSchema = tolerantObject({
  organizations: z.array(organizationSchema).max(LIST_MAX_ITEMS, { error: `at most ${LIST_MAX_ITEMS} organizations` }),
});

export type OrganizationKind = z.infer<typeof organizationKindSchema>;
export type Organization = z.infer<typeof organizationSchema>;
export type OrganizationsResponse = z.infer<typeof organizationsResponseSchema>;

export const ADAPTER_TOKEN_MAX_LENGTH = 4_096;

const adapterTokenSchema = z
  .string({ error: "must be a string" })
  .min(1, { error: "must not be empty" })
  .max(ADAPTER_TOKEN_MAX_LENGTH, { error: `must be at most ${ADAPTER_TOKEN_MAX_LENGTH} characters` })
  .regex(/^[\x21-\x7e]+$/, { error: "must be printable ASCII without spaces (it travels in an Authorization header)" });

export const CURRENCY_MINOR_UNITS_MAX = 18;
export const DECLARED_CURRENCIES_MAX = 50;

/** A currency a payment organization keeps, and how many fraction digits an amount of it may have. */
export const currencyDeclarationSchema = strictObject({
  code: currencyCodeSchema,
  minorUnits: z
    .number({ error: "must be a whole number from 0 to 18" })
    .int({ error: "must be a whole number from 0 to 18" })
    .min(0, { error: "must be a whole number from 0 to 18" })
    .max(CURRENCY_MINOR_UNITS_MAX, { error: "must be a whole number from 0 to 18" }),
});

/** The currencies a payment organization keeps, each once; empty: none declared (no money is imported for it). */
export const declaredCurrenciesSchema = z
  .array(currencyDeclarationSchema, { error: "must be a list of { code, minorUnits }" })
  .max(DECLARED_CURRENCIES_MAX, { error: `must list at most ${DECLARED_CURRENCIES_MAX} currencies` })
  .superRefine((currencies, ctx) => {
    const seen = new Set<string>();
    currencies.forEach((c, index) => {
      if (seen.has(c.code)) ctx.addIssue({ code: "custom", path: [index, "code"], message: `${c.code} is listed twice` });
      seen.add(c.code);
    });
  });

const onlyPaymentOrganizations = "only payment organizations (kind escrow) have an adapter or currencies";

// POST {router_url}/admin/organizations – register another organization (admin). A payment
// organization (kind escrow) brings the URL of its adapter, the bearer token the router presents, and
// the currencies it keeps with their minor units (what ledger imports for it may credit).
export const createOrganizationRequestSchema = z
  .strictObject({
    id: orgIdSchema,
    name: text(NAME_MAX_LENGTH),
    kind: organizationKindSchema,
    adapterUrl: httpUrlSchema.optional(),
    adapterToken: adapterTokenSchema.optional(),
    currencies: declaredCurrenciesSchema.optional(),
  })
  .refine((o) => o.kind !== "escrow" || o.adapterUrl !== undefined, { error: "a payment organization needs its adapterUrl", path: ["adapterUrl"] })
  .refine((o) => o.kind === "escrow" || (o.adapterUrl === undefined && o.adapterToken === undefined), { error: onlyPaymentOrganizations, path: ["adapterUrl"] })
  .refine((o) => o.kind === "escrow" || o.currencies === undefined, { error: onlyPaymentOrganizations, path: ["currencies"] });

// PATCH {router_url}/admin/organizations/{orgId} – rename, move an adapter, replace its token or the currencies (admin).
export const updateOrganizationRequestSchema = z
  .strictObject({
    name: text(NAME_MAX_LENGTH).optional(),
    adapterUrl: httpUrlSchema.optional(),
    adapterToken: adapterTokenSchema.nullable().optional(),
    currencies: declaredCurrenciesSchema.optional(),
  })
  .refine((o) => Object.keys(o).length > 0, { error: "must change at least one of name, adapterUrl, adapterToken, currencies" });

export const organizationParams = z.strictObject({ orgId: orgIdSchema });

/** An organization as an admin manages it: where its adapter is, whether a token is kept (never the token). */
export const adminOrganizationSchema = tolerantObject({
  id: orgIdSchema,
  name: text(NAME_MAX_LENGTH),
  kind: organizationKindSchema,
  adapterUrl: httpUrlSchema.nullable(),
  hasAdapterToken: z.boolean(),
  /** This node and its built-in escrow follow the settings and cannot be edited. */
  builtIn: z.boolean(),
  /** What a payment organization keeps (the built-in escrow's: ESCROW_CURRENCIES); empty when none is declared. */
  currencies: z.array(currencyDeclarationSchema).max(DECLARED_CURRENCIES_MAX),
});

// GET {router_url}/admin/organizations – every organization with its adapter (admin).
export const adminOrganizationsResponseSchema = tolerantObject({
  organizations: z.array(adminOrganizationSchema).max(LIST_MAX_ITEMS, { error: `at most ${LIST_MAX_ITEMS} organizations` }),
});

export type AdminOrganization = z.infer<typeof adminOrganizationSchema>;
export type CurrencyDeclaration = z.infer<typeof currencyDeclarationSchema>;
export type CreateOrganizationRequest = z.infer<typeof createOrganizationRequestSchema>;
export type UpdateOrganizationRequest = z.infer<typeof updateOrganizationRequestSchema>;
