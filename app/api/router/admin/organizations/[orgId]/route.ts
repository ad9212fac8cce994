// PATCH /api/router/admin/organizations/{orgId} – rename, move the adapter or replace its token (admin)
import { organizationParams, updateOrganizationRequestSchema } from "@/lib/schemas/organization";
import { route } from "@/lib/server/http/route";
import { updateOrganization } from "@/lib/server/organizations/manage-organizations";

export const PATCH = route(
  { roles: ["admin"], params: organizationParams, body: updateOrganizationRequestSchema, bodyLimitBytes: 16 * 1024 },
  ({ params, body, principal, requestId }) => updateOrganization(params.orgId, body, principal, requestId),
);
