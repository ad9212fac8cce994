// POST /api/router/profiles/{profileId}/share – the owner lets organizations read the profile (204)
import { z } from "zod";
import { profileIdSchema } from "@/lib/schemas/common";
import { shareProfileRequestSchema } from "@/lib/schemas/profile";
import { route } from "@/lib/server/http/route";
import { shareProfile } from "@/lib/server/profiles/share-profile";

export const POST = route(
  { params: z.strictObject({ profileId: profileIdSchema }), body: shareProfileRequestSchema, bodyLimitBytes: 8 * 1024 },
  ({ params, body, principal, requestId }) => shareProfile(params.profileId, body, principal, requestId),
);
