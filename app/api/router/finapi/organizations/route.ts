// GET /api/router/finapi/organizations – the organizations this node knows, and whether each payment organization's adapter answers (any signed-in caller)
import { route } from "@/lib/server/http/route";
import { listOrganizationsWithAvailability } from "@/lib/server/organizations/list-organizations";

export const GET = route({}, async () => ({ organizations: await listOrganizationsWithAvailability() }));
