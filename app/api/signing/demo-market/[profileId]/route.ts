// POST /api/signing/demo-market/{profileId} – the demo market's sellers' signing endpoint: takes a signing request, then signs it at once
import { z } from "zod";
import { profileIdSchema } from "@/lib/schemas/common";
import { readBodyText } from "@/lib/server/http/read-body";
import { route } from "@/lib/server/http/route";
import { signForDemoMarket } from "@/lib/server/setup/demo-market/sign-for-demo-market";

const LIMIT_BYTES = 64 * 1024;

// Authenticated by what it carries (a request this router made, and the policy's HMAC), not by a token.
export const POST = route({ auth: "public", params: z.strictObject({ profileId: profileIdSchema }) }, async ({ req, params }) =>
  signForDemoMarket(params.profileId, await readBodyText(req, LIMIT_BYTES), req.headers),
);
