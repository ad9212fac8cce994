// Why a trade ended, read from the router's failure reason (lib/server/trading/stage-*.ts), and that
// cause in one short sentence for a list of trades. Apart from plan-outcome.ts, whose full wording
// only a trade's own page needs. Pure.

/** Why a trade ended, read from the router's failure reason. */
export type FailureCause = "holdFunds" | "hold" | "token" | "release" | "rules" | "signatureLate" | "signatureRefused" | "declined" | "approval" | "assetGone" | "other";

/** The owner's own words when the signer declined (lib/server/trading/stage-sign.ts: "the seller declined to sign: <reason>"). */
export const DECLINED = /^the (seller|buyer) declined to sign: ([\s\S]*)$/;

export function failureCauseOf(reason: string | null): FailureCause {
  const r = reason ?? "";
  if (/^step 1 \(hold\)/.test(r)) return /insufficient/i.test(r) ? "holdFunds" : "hold";
  if (/^step 2\b/.test(r)) return "token";
  if (/^step 3\b/.test(r)) return "release";
  if (/asset's rules refuse the buyer/.test(r)) return "rules";
  if (DECLINED.test(r)) return "declined";
  if (/did not sign within/.test(r)) return "signatureLate";
  if (/refused to sign|signature was refused|signature does not verify/.test(r)) return "signatureRefused";
  if (/payment organization (did not approve|failed the approval)/.test(r)) return "approval";
  if (/no longer exists/.test(r)) return "assetGone";
  return "other";
}

const SHORT_CAUSE: Readonly<Record<FailureCause, string>> = {
  holdFunds: "Not enough money was available to hold.",
  hold: "The payment organization did not hold the money.",
  token: "The tokens could not be delivered.",
  release: "The payment could not be completed.",
  rules: "The buyer lacks a certificate the asset requires.",
  signatureLate: "A signature did not arrive in time.",
  signatureRefused: "A signature was refused.",
  declined: "The other side declined to sign.",
  approval: "The payment organization did not approve it.",
  assetGone: "The asset no longer exists.",
  other: "It could not be completed.",
};

/** Why a trade ended, in one short sentence for a list. */
export function shortFailureOf(reason: string | null): string {
  return SHORT_CAUSE[failureCauseOf(reason)];
}
