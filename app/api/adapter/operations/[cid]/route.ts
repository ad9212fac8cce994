// POST|GET /api/adapter/operations/{cid} – poll an operation of the built-in escrow
import { z } from "zod";
import { cidSchema } from "@/lib/schemas/common";
import { pollOperation } from "@/lib/server/escrow/submit-operation";
import { route } from "@/lib/server/http/route";

const params = z.object({ cid: cidSchema });
const spec = { roles: ["organization", "escrowOperator"], params } as const;

export const POST = route({ ...spec, body: z.object({}), bodyLimitBytes: 4 * 1024 }, ({ params, principal }) =>
  pollOperation(params.cid, principal),
);
export const GET = route(spec, ({ params, principal }) => pollOperation(params.cid, principal));
