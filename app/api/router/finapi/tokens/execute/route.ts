// POST /api/router/finapi/tokens/execute – execute an intent: checks everything, reserves, creates the plan
import { executeIntentRequestSchema } from "@/lib/schemas/intent-execution";
import { refuseExecutionWhenFull } from "@/lib/server/http/admission";
import { route } from "@/lib/server/http/route";
import { executeIntent } from "@/lib/server/trading/execute-intent";

export const POST = route({ roles: ["investor", "issuer"], body: executeIntentRequestSchema, bodyLimitBytes: 64 * 1024, admit: refuseExecutionWhenFull }, ({ body, principal, requestId }) =>
  executeIntent(body, principal, requestId),
);
