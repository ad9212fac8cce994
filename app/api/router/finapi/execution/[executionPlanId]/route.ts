// GET /api/router/finapi/execution/{executionPlanId} – the execution plan, status lower-case
import { z } from "zod";
import { planIdSchema } from "@/lib/schemas/common";
import { route } from "@/lib/server/http/route";
import { getPlan } from "@/lib/server/trading/get-plan";

export const GET = route({ params: z.strictObject({ executionPlanId: planIdSchema }) }, ({ params, principal }) => getPlan(params.executionPlanId, principal));
