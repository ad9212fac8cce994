// GET /api/router/admin/users/{userId} – one user with its token metadata (admin)
// PATCH /api/router/admin/users/{userId} – { disabled } disables the user (its tokens and sessions stop
// at once, its GraphQL sockets are closed) or enables it again (admin; not oneself)
import { z } from "zod";
import { updateUserRequestSchema } from "@/lib/schemas/user";
import { route } from "@/lib/server/http/route";
import { getUser } from "@/lib/server/users/get-user";
import { setUserDisabled } from "@/lib/server/users/user-access";

const userParams = z.object({ userId: z.uuid({ error: "must be a user id (a UUID)" }) });

export const GET = route({ roles: ["admin"], params: userParams }, ({ params }) => getUser(params.userId));

export const PATCH = route(
  { roles: ["admin"], params: userParams, body: updateUserRequestSchema, bodyLimitBytes: 1024 },
  ({ params, body, principal, requestId }) => setUserDisabled(params.userId, body.disabled, principal, requestId),
);
