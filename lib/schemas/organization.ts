// Organizations of the network (decisions.md §8: GET {router_url}/finapi/organizations).

import { z } from "zod";

import { httpUrlSchema, LIST_MAX_ITEMS, NAME_MAX_LENGTH, orgIdSchema, orRequired, text, tolerantObject } from "@/lib/schemas/common";

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

// POST {router_url}/admin/organizations – register another organization (admin). A payment
// organization (kind escrow) brings the URL of its adapter and the bearer token the router presents.
export const createOrganizationRequestSchema = z
  .strictObject({
    id: orgIdSchema,
    name: text(NAME_MAX_LENGTH),
    kind: organizationKindSchema,
    adapterUrl: httpUrlSchema.optional(),
    adapterToken: adapterTokenSchema.optional(),
  })
  .refine((o) => o.kind !== "escrow" || o.adapterUrl !== undefined, { error: "a payment organization needs its adapterUrl", path: ["adapterUrl"] })
  .refine((o) => o.kind === "escrow" || (o.adapterUrl === undefined && o.adapterToken === undefined), {
    error: "only payment organizations (kind escrow) have an adapter",
    path: ["adapterUrl"],
  });

// PATCH {router_url}/admin/organizations/{orgId} – move an adapter or replace its token (admin).
export const updateOrganizationRequestSchema = z
  .strictObject({ name: text(NAME_MAX_LENGTH).optional(), adapterUrl: httpUrlSchema.optional(), adapterToken: adapterTokenSchema.nullable().optional() })
  .refine((o) => Object.keys(o).length > 0, { error: "must change at least one of name, adapterUrl, adapterToken" });

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
});

// GET {router_url}/admin/organizations – every organization with its adapter (admin).
export const adminOrganizationsResponseSchema = tolerantObject({
  organizations: z.array(adminOrganizationSchema).max(LIST_MAX_ITEMS, { error: `at most ${LIST_MAX_ITEMS} organizations` }),
});

export type AdminOrganization = z.infer<typeof adminOrganizationSchema>;
export type CreateOrganizationRequest = z.infer<typeof createOrganizationRequestSchema>;
export type UpdateOrganizationRequest = z.infer<typeof updateOrganizationRequestSchema>;
