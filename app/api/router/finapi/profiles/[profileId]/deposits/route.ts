// GET /api/router/finapi/profiles/{profileId}/deposits – the profile's deposit instructions with reference, amount, status and date, newest first
import { z } from "zod";
import { profileIdSchema } from "@/lib/schemas/common";
import { depositsQuerySchema } from "@/lib/schemas/payment";
import { route } from "@/lib/server/http/route";
import { listDeposits } from "@/lib/server/router-ops/list-deposits";

export const GET = route({ params: z.object({ profileId: profileIdSchema }), query: depositsQuerySchema }, ({ params, query, principal }) =>
  listDeposits(params.profileId, query, principal),
);
