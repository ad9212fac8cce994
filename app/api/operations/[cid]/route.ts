// GET /api/operations/{cid} – the account proof's (or any of the caller's operations') progress
import { operationStatusParams } from "@/lib/schemas/operation";
import { route } from "@/lib/server/http/route";
import { getOperationStatus } from "@/lib/server/router-ops/get-operation-status";

export const GET = route({ params: operationStatusParams }, ({ params, principal }) => getOperationStatus(params.cid, principal));
