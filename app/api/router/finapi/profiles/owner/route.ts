// POST /api/router/finapi/profiles/owner – create (or find) the profile of a public key
import { createOwnerProfileRequestSchema } from "@/lib/schemas/profile";
import { route } from "@/lib/server/http/route";
import { createOwnerProfile } from "@/lib/server/profiles/create-owner-profile";

export const POST = route(
  { roles: ["investor", "issuer"], body: createOwnerProfileRequestSchema, bodyLimitBytes: 4 * 1024 },
  ({ body, principal, requestId }) => createOwnerProfile(body, principal, requestId),
);
