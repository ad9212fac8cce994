import { z } from "zod";
import { certificateSchema } from "@/lib/schemas/certificate";
import { profileIdSchema } from "@/lib/schemas/common";
import { attachCertificate } from "@/lib/server/certificates/attach-certificate";
import { listCertificates } from "@/lib/server/certificates/list-certificates";
import { route } from "@/lib/server/http/route";

const params = z.strictObject({ profileId: profileIdSchema });

// POST /api/router/finapi/profiles/{profileId}/certificates – the owner attaches a certificate
export const POST = route(
  { params, body: certificateSchema, bodyLimitBytes: 32 * 1024 },
  ({ params, body, principal, requestId }) => attachCertificate(params.profileId, body, principal, requestId),
);

// GET /api/router/finapi/profiles/{profileId}/certificates – the profile's certificates and their documents
export const GET = route({ params }, ({ params, principal }) => listCertificates(params.profileId, principal));
