// POST /api/signing/callback/{profileId} – the portal's signing inbox: a manual-signing callback endpoint
import { z } from "zod";
import { profileIdSchema } from "@/lib/schemas/common";
import { readBodyText } from "@/lib/server/http/read-body";
import { route } from "@/lib/server/http/route";
import { receiveSigningRequest } from "@/lib/server/trading/receive-signing-request";

const LIMIT_BYTES = 64 * 1024;

// Authenticated by what it carries (a request this router made, and the policy's HMAC), not by a token.
export const POST = route({ auth: "public", params: z.strictObject({ profileId: profileIdSchema }) }, async ({ req, params }) =>
  receiveSigningRequest(params.profileId, await readBodyText(req, LIMIT_BYTES), req.headers),
);
