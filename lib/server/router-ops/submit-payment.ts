// What deposits and withdrawals share: the caller must own the profile; a repeat (same signed nonce
// or Idempotency-Key, same body) gets the first operation's envelope, and either name with another
// body is a 409 with nothing written; otherwise the request's own
// checks run, the operation is recorded, and, after the commit, the adapter is called once at once
// (the worker follows up what that does not finish).
import { canonicalJsonSha256 } from "@/lib/domain/canonical-json";
import type { Profile } from "@/lib/generated/prisma/client";
import type { Principal } from "@/lib/server/auth/principal";
import { findAccessibleProfile } from "@/lib/server/profiles/find-accessible-profile";
import { routerEnvelope } from "./operation-envelope";
import { createOperation, findRepeat, type RepeatKeys } from "./record-operation";
import { runRouterOperation } from "./run-router-operation";

export type RequestOptions = { requestId: string; idempotencyKey: string | null };
type PaymentBody = { profileId: string; nonce?: string };
export type PreparedPayment = { organizationId: string; adapterBody: unknown };

/** Both names a request may carry: the signed nonce and the Idempotency-Key header are each bound to its body. */
function repeatKeysOf(body: PaymentBody, signer: string, idempotencyKey: string | null): RepeatKeys | null {
  const keys: RepeatKeys = {
    ...(body.nonce === undefined ? {} : { nonce: { signer, nonce: body.nonce } }),
    ...(idempotencyKey === null ? {} : { header: idempotencyKey }),
  };
  return keys.nonce || keys.header !== undefined ? keys : null;
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
  const repeatKeys = repeatKeysOf(body, profile.finId, options.idempotencyKey);
  const repeat = await findRepeat(caller, repeatKeys, requestHash);
  if (repeat) return routerEnvelope(repeat);
  const { organizationId, adapterBody } = await prepare(profile);
  const op = await createOperation(
    { kind, profileId: profile.id, organizationId, request: adapterBody, requestHash, repeatKeys, dueAt: new Date() },
    caller,
    options.requestId,
  );
  return routerEnvelope((await runRouterOperation(op.id)) ?? op);
}
