// DELETE /api/router/admin/users/{userId}/tokens/{tokenId} – revoke a token: 204, and it stops working
// at once (a GraphQL socket opened with it is closed); revoking it again changes nothing (admin)
import { z } from "zod";
import { route } from "@/lib/server/http/route";
import { revokeApiToken } from "@/lib/server/users/user-access";

const params = z.object({
  userId: z.uuid({ error: "must be a user id (a UUID)" }),
  tokenId: z.uuid({ error: "must be a token id (a UUID)" }),
});

export const DELETE = route({ roles: ["admin"], params }, ({ params, principal, requestId }) => revokeApiToken(params.userId, params.tokenId, principal, requestId));
