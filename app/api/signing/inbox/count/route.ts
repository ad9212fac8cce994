// GET /api/signing/inbox/count – how many signing requests wait for the caller's answer (the navigation's badge)
import { route } from "@/lib/server/http/route";
import { countSigningInbox } from "@/lib/server/trading/count-signing-inbox";

export const GET = route({}, ({ principal }) => countSigningInbox(principal.userId));
