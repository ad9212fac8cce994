// POST /api/profiles/investor/{investorId}/account – start the account workflow: the signature-template challenge
import { startAccountWorkflowRequestSchema } from "@/lib/schemas/account-workflow";
import { investorParams } from "@/lib/schemas/profile";
import { startAccountWorkflow } from "@/lib/server/account-proof/start-account-workflow";
import { route } from "@/lib/server/http/route";

export const POST = route({ params: investorParams, body: startAccountWorkflowRequestSchema }, ({ params, body, principal, requestId }) =>
  startAccountWorkflow(params.investorId, body, principal, requestId),
);
