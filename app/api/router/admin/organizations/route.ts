// POST /api/router/admin/organizations – register an organization, with its adapter for a payment organization (admin)
// GET /api/router/admin/organizations – every organization with its adapter URL, never its token (admin)
import { createOrganizationRequestSchema } from "@/lib/schemas/organization";
import { route } from "@/lib/server/http/route";
import { listAdminOrganizations } from "@/lib/server/organizations/list-admin-organizations";
import { createOrganization } from "@/lib/server/organizations/manage-organizations";

export const POST = route(
  { roles: ["admin"], body: createOrganizationRequestSchema, status: 201, bodyLimitBytes: 16 * 1024 },
  ({ body, principal, requestId }) => createOrganization(body, principal, requestId),
);

export const GET = route({ roles: ["admin"] }, () => listAdminOrganizations());
