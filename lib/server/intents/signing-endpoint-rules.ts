// This node's rules for signature policy endpoints (lib/domain/signing-endpoint.ts), from its
// settings: the operator's allow-list and the origin of its own signing callback.
import type { SigningEndpointRules } from "@/lib/domain/signing-endpoint";
import { env } from "@/lib/env";

export const signingEndpointRules: SigningEndpointRules = { allowList: env.SIGNING_ENDPOINT_ALLOWLIST, publicUrl: env.PUBLIC_URL };
