// GET {router_url}/finapi/operations/status/{cid}, GET|POST {router_url}/operations/status/{cid} and
// GET {base_url}/operations/{cid}: the envelope of one of the caller's own operations. Anyone else's
// cid is answered like an unknown one (decisions.md §6).
import { AppError } from "@/lib/domain/app-error";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { routerEnvelope } from "./operation-envelope";

export async function getOperationStatus(cid: string, caller: Principal) {
  const op = await db.routerOperation.findUnique({ where: { id: cid } });
  if (!op || op.callerUserId !== caller.userId) throw new AppError("NOT_FOUND", `No operation ${cid} of yours.`);
  return routerEnvelope(op);
}
