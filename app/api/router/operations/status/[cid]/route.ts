// GET|POST /api/router/operations/status/{cid} – the same poll without the /finapi prefix (decisions.md §2)
import { z } from "zod";
import { operationStatusParams } from "@/lib/schemas/operation";
import { route } from "@/lib/server/http/route";
import { getOperationStatus } from "@/lib/server/router-ops/get-operation-status";

export const GET = route({ params: operationStatusParams }, ({ params, principal }) => getOperationStatus(params.cid, principal));

/** The poll's body is an empty object; anything else in it is refused. */
export const POST = route({ params: operationStatusParams, body: z.strictObject({}) }, ({ params, principal }) =>
  getOperationStatus(params.cid, principal),
);
