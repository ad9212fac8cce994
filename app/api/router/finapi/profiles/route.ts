// GET /api/router/finapi/profiles – the caller's own profiles, with the organizations each is shared with
import { route } from "@/lib/server/http/route";
import { listOwnProfiles } from "@/lib/server/profiles/list-own-profiles";

export const GET = route({}, ({ principal }) => listOwnProfiles(principal));
