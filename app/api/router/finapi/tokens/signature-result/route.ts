// POST /api/router/finapi/tokens/signature-result – the counterparty's signature for an acknowledged signing request
import { signatureResultRequestSchema } from "@/lib/schemas/signing";
import { route } from "@/lib/server/http/route";
import { submitSignatureResult } from "@/lib/server/trading/submit-signature-result";

export const POST = route({ body: signatureResultRequestSchema, bodyLimitBytes: 16 * 1024 }, ({ body, principal }) => submitSignatureResult(body, principal));
