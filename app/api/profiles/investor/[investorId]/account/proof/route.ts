// POST /api/profiles/investor/{investorId}/account/proof – submit the signed challenge (nonce in Idempotency-Key); 202
import { accountProofRequestSchema } from "@/lib/schemas/account-workflow";
import { investorParams } from "@/lib/schemas/profile";
import { submitAccountProof } from "@/lib/server/account-proof/submit-account-proof";
import { route } from "@/lib/server/http/route";

export const POST = route({ params: investorParams, body: accountProofRequestSchema, status: 202 }, ({ req, params, body, principal }) =>
  submitAccountProof(params.investorId, body, req.headers.get("idempotency-key"), principal),
);
