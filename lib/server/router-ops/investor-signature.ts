// The investor's signature on a deposit (optional) or a withdrawal (required, decisions.md §5): the
// nonce must be fresh, and the signature must verify over the template rebuilt from the request's
// own terms. A bare hex signature is completed with that template; one sent with its template must
// carry exactly it. The adapter receives `{ signature, template }` and verifies it again itself.
import { AppError } from "@/lib/domain/app-error";
import type { SignedEnvelope } from "@/lib/domain/escrow/signed-terms";
import { assertSignatureClaims } from "@/lib/domain/signature-claims";
import type { SignatureTemplate } from "@/lib/domain/signature-template";
import type { InvestorSignature } from "@/lib/schemas/payment";
import { assertFreshNonce } from "@/lib/server/nonces/consume-nonce";

type Verdict = { ok: true } | { ok: false; refusal: string };
type TemplateFor = (nonce: string) => SignatureTemplate;
type Verify = (envelope: SignedEnvelope) => Verdict;

/** The signed envelope of a request that must be signed; 422 when the nonce is stale or the signature does not verify. */
export function verifyInvestorSignature(signed: { nonce: string; signature: InvestorSignature }, templateFor: TemplateFor, verify: Verify): SignedEnvelope {
  assertSignatureClaims(signed.signature, "signature");
  assertFreshNonce(signed.nonce, { in: "body", path: "nonce" });
  const signature =
    typeof signed.signature === "string" ? { signature: signed.signature, template: templateFor(signed.nonce) } : signed.signature;
  const envelope: SignedEnvelope = { nonce: signed.nonce, signature };
  const verdict = verify(envelope);
  if (!verdict.ok) {
    throw new AppError("BAD_SIGNATURE", `The signature is refused: ${verdict.refusal}.`, [{ in: "body", path: "signature", message: verdict.refusal }]);
  }
  return envelope;
}

/** The same for a request that may be signed: null when it is not. */
export function checkInvestorSignature(signed: { nonce?: string; signature?: InvestorSignature }, templateFor: TemplateFor, verify: Verify): SignedEnvelope | null {
  if (signed.nonce === undefined || signed.signature === undefined) return null;
  return verifyInvestorSignature({ nonce: signed.nonce, signature: signed.signature }, templateFor, verify);
}
