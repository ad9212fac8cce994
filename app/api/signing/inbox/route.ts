// GET /api/signing/inbox – signing requests waiting for the caller's signature
import { route } from "@/lib/server/http/route";
import { listSigningInbox } from "@/lib/server/trading/receive-signing-request";

export const GET = route({}, ({ principal }) => listSigningInbox(principal.userId));
