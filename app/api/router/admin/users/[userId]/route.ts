// GET /api/router/admin/users/{userId} – one user with its token metadata (admin)
import { z } from "zod";
import { route } from "@/lib/server/http/route";
import { getUser } from "@/lib/server/users/get-user";

const params = z.object({ userId: z.uuid({ error: "must be a user id (a UUID)" }) });

export const GET = route({ roles: ["admin"], params }, ({ params }) => getUser(params.userId));
