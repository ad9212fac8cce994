// What deposits and withdrawals share: the caller must own the profile; a repeat (same signed nonce
// or Idempotency-Key, same body) gets the first operation's envelope; otherwise the request's own
// checks run, the operation is recorded, and, after the commit, the adapter is called once at once
// (the worker follows up what that does not finish).
import { canonicalJsonSha256 } from "@/lib/domain/canonical-json";
import type { Profile } from "@/lib/generated/prisma/client";
import type { Principal } from "@/lib/server/auth/principal";
import { findAccessibleProfile } from "@/lib/server/profiles/find-accessible-profile";
import { routerEnvelope } from "./operation-envelope";
import { createOperation, findRepeat, type RepeatKey } from "./record-operation";
import { runRouterOperation } from "./run-router-operation";

export type RequestOptions = { requestId: string; idempotencyKey: string | null };
type PaymentBody = { profileId: string; nonce?: string };
export type PreparedPayment = { organizationId: string; adapterBody: unknown };

function repeatKeyOf(body: PaymentBody, signer: string, idempotencyKey: string | null): RepeatKey | null {
  if (body.nonce !== undefined) return { by: "nonce", signer, nonce: body.nonce };
  return idempotencyKey ? { by: "header", key: idempotencyKey } : null;
}

export async function submitPayment(
  kind: "deposit" | "withdraw",
  body: PaymentBody,
  caller: Principal,
  options: RequestOptions,
  prepare: (profile: Profile) => Promise<PreparedPayment>,
) {
  const profile = await findAccessibleProfile(body.profileId, caller, "act");
  const requestHash = canonicalJsonSha256(body);
  const repeatKey = repeatKeyOf(body, profile.finId, options.idempotencyKey);
  const repeat = await findRepeat(caller, repeatKey, requestHash);
  if (repeat) return routerEnvelope(repeat);
  const { organizationId, adapterBody } = await prepare(profile);
  const op = await createOperation(
    { kind, profileId: profile.id, organizationId, request: adapterBody, requestHash, repeatKey, dueAt: new Date() },
    caller,
    options.requestId,
  );
  return routerEnvelope((await runRouterOperation(op.id)) ?? op);
}
