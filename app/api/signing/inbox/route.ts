// GET /api/signing/inbox – signing requests for the caller's profiles: waiting (default) or all, with their state
import { signingInboxQuerySchema } from "@/lib/schemas/signing";
import { route } from "@/lib/server/http/route";
import { listSigningInbox } from "@/lib/server/trading/list-signing-inbox";

export const GET = route({ query: signingInboxQuerySchema }, ({ principal, query }) => listSigningInbox(principal.userId, query));
