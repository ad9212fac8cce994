// POST /api/router/finapi/profiles/asset – an issuer creates an asset for one of its profiles
import { createAssetRequestSchema } from "@/lib/schemas/asset";
import { createAsset } from "@/lib/server/assets/create-asset";
import { keyedCreate } from "@/lib/server/http/create-once";
import { idempotencyKeyOf } from "@/lib/server/http/idempotency-key";
import { route } from "@/lib/server/http/route";

export const POST = route(
  { roles: ["issuer"], body: createAssetRequestSchema, bodyLimitBytes: 16 * 1024 },
  ({ req, body, principal, requestId }) => createAsset(body, principal, requestId, keyedCreate(principal, idempotencyKeyOf(req), body)),
);
