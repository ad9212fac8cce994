// Organizations of the network (decisions.md §8: GET {router_url}/finapi/organizations).

import { z } from "zod";

import { LIST_MAX_ITEMS, NAME_MAX_LENGTH, orgIdSchema, text, tolerantObject, orRequired } from "@/lib/schemas/common";

export const ORGANIZATION_KINDS = ["router", "escrow"] as const;
export const organizationKindSchema = z.enum(ORGANIZATION_KINDS, { error: orRequired('must be "router" or "escrow"') });

export const organizationSchema = tolerantObject({
  id: orgIdSchema,
  name: text(NAME_MAX_LENGTH),
  kind: organizationKindSchema,
});

export const organizationsResponseSchema = tolerantObject({
  organizations: z.array(organizationSchema).max(LIST_MAX_ITEMS, { error: `at most ${LIST_MAX_ITEMS} organizations` }),
});

export type OrganizationKind = z.infer<typeof organizationKindSchema>;
export type Organization = z.infer<typeof organizationSchema>;
export type OrganizationsResponse = z.infer<typeof organizationsResponseSchema>;
