// GET /api/router/finapi/profiles/{profileId}/holdings – balance, held and available per asset
import { z } from "zod";
import { profileIdSchema } from "@/lib/schemas/common";
import { route } from "@/lib/server/http/route";
import { getProfileHoldings } from "@/lib/server/profiles/get-profile-holdings";

export const GET = route({ params: z.object({ profileId: profileIdSchema }) }, ({ params, principal }) =>
  getProfileHoldings(params.profileId, principal),
);
