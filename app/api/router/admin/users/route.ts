// POST /api/router/admin/users – create a user and its first bearer token (admin)
import { createUserRequestSchema } from "@/lib/schemas/user";
import { route } from "@/lib/server/http/route";
import { createUser } from "@/lib/server/users/create-user";

export const POST = route(
  { roles: ["admin"], body: createUserRequestSchema, status: 201, bodyLimitBytes: 16 * 1024 },
  ({ body, principal, requestId }) => createUser(body, principal, requestId),
);
