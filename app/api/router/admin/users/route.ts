// POST /api/router/admin/users – create a user and its first bearer token (admin)
// GET /api/router/admin/users – the users, oldest first, a page at a time (admin)
import { createUserRequestSchema, usersQuerySchema } from "@/lib/schemas/user";
import { route } from "@/lib/server/http/route";
import { createUser } from "@/lib/server/users/create-user";
import { listUsers } from "@/lib/server/users/list-users";

export const POST = route(
  { roles: ["admin"], body: createUserRequestSchema, status: 201, bodyLimitBytes: 16 * 1024 },
  ({ body, principal, requestId }) => createUser(body, principal, requestId),
);

export const GET = route({ roles: ["admin"], query: usersQuerySchema }, ({ query }) => listUsers(query));
