// GET /api/router/finapi/organizations – the organizations this node knows (any signed-in caller)
import { route } from "@/lib/server/http/route";
import { listOrganizations } from "@/lib/server/organizations/list-organizations";

export const GET = route({}, async () => ({ organizations: await listOrganizations() }));
