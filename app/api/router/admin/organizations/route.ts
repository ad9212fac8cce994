// POST /api/router/admin/organizations – register an organization, with its adapter for a payment organization (admin)
import { createOrganizationRequestSchema } from "@/lib/schemas/organization";
import { route } from "@/lib/server/http/route";
import { createOrganization } from "@/lib/server/organizations/manage-organizations";

export const POST = route(
  { roles: ["admin"], body: createOrganizationRequestSchema, status: 201, bodyLimitBytes: 16 * 1024 },
  ({ body, principal, requestId }) => createOrganization(body, principal, requestId),
);
