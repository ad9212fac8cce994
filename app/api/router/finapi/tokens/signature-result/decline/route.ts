// POST /api/router/finapi/tokens/signature-result/decline – the signer refuses a signing request, with a reason the counterparty reads
import { signatureDeclineRequestSchema } from "@/lib/schemas/signing";
import { route } from "@/lib/server/http/route";
import { declineSigningRequest } from "@/lib/server/trading/decline-signing-request";

export const POST = route({ body: signatureDeclineRequestSchema, bodyLimitBytes: 16 * 1024 }, ({ body, principal, requestId }) =>
  declineSigningRequest(body, principal, requestId),
);
