// GET /api/router/finapi/profiles/{profileId} – one profile (owner, admin, organizations it is shared with)
import { z } from "zod";
import { profileIdSchema } from "@/lib/schemas/common";
import { route } from "@/lib/server/http/route";
import { getProfile } from "@/lib/server/profiles/get-profile";

export const GET = route({ params: z.strictObject({ profileId: profileIdSchema }) }, ({ params, principal }) =>
  getProfile(params.profileId, principal),
);
