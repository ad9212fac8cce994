import { z } from "zod";
import { env } from "@/lib/env";
import { certificateIdSchema, profileIdSchema } from "@/lib/schemas/common";
import { getCertificate } from "@/lib/server/certificates/get-certificate";
import { readUploadedFile } from "@/lib/server/certificates/read-uploaded-file";
import { uploadCertificateDocument } from "@/lib/server/certificates/upload-certificate-document";
import { route } from "@/lib/server/http/route";

const params = z.strictObject({ profileId: profileIdSchema, certificateId: certificateIdSchema });

// GET /api/router/finapi/profiles/{profileId}/certificates/{certificateId} – one certificate and its documents
export const GET = route({ params }, ({ params, principal }) => getCertificate(params.profileId, params.certificateId, principal));

// POST /api/router/finapi/profiles/{profileId}/certificates/{certificateId} – the owner uploads a document (multipart, one file part)
export const POST = route({ params }, async ({ req, params, principal, requestId }) => {
  const file = await readUploadedFile(req, env.UPLOAD_LIMIT_BYTES);
  return uploadCertificateDocument(params, file, principal, requestId);
});
