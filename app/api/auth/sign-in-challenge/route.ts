// POST /api/auth/sign-in-challenge – how much proof of work a sign-in attempt for this email needs first
import { signInChallengeRequestSchema } from "@/lib/schemas/sign-in";
import { issueSignInChallenge } from "@/lib/server/auth/sign-in-guard";
import { clientAddressOf } from "@/lib/server/http/forwarded-headers";
import { route } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "public", body: signInChallengeRequestSchema, bodyLimitBytes: 1024 }, async ({ req, body }) =>
  issueSignInChallenge(body.email, clientAddressOf(req.headers)),
);
