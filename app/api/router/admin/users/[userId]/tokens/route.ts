// POST /api/router/admin/users/{userId}/tokens – { label } → 201 { id, token }: another bearer token
// for the user, shown once (admin)
import { z } from "zod";
import { issueTokenRequestSchema } from "@/lib/schemas/user";
import { route } from "@/lib/server/http/route";
import { issueApiToken } from "@/lib/server/users/user-access";

const params = z.object({ userId: z.uuid({ error: "must be a user id (a UUID)" }) });

export const POST = route(
  { roles: ["admin"], params, body: issueTokenRequestSchema, status: 201, bodyLimitBytes: 1024 },
  ({ params, body, principal, requestId }) => issueApiToken(params.userId, body, principal, requestId),
);
