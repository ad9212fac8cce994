// Refusals in the words a person reads: what happened and what to do, chosen by the problem
// document's code (and, for a trade, by what its detail and fields name). The problem document
// itself (status, code, detail, field errors, request id) is for support: it goes in the details
// of components/ui/problem-message.tsx, never in the sentence.
import { ApiError } from "@/lib/client/api-client";
import type { TicketSide } from "@/lib/domain/trade/offer-side";

const SIGNED_OUT = "you are signed out. Sign in again, then try again.";

/** Why a request failed, to end a sentence such as "The intent was not published: …". */
export function refusalReason(error: unknown): string {
  if (!(error instanceof ApiError)) {
    if (error instanceof DOMException && error.name === "TimeoutError") return "no answer came in time. Try again.";
    if (error instanceof TypeError) return "the server could not be reached. Check your connection, then try again.";
    return "something went wrong. Try again.";
  }
  if (error.status >= 500) return "the server had a problem. Try again; if it happens again, contact support with the details below.";
  switch (error.code) {
    case "UNAUTHENTICATED":
      return SIGNED_OUT;
    case "FORBIDDEN":
      return "you are not allowed to do this with this profile.";
    case "NOT_FOUND":
      return "it no longer exists, or you cannot see it.";
    case "STATE_CONFLICT":
      return "it changed meanwhile. Reload the page, then try again.";
    case "CONFLICT":
    case "IDEMPOTENCY_KEY_REUSED":
      return "it conflicts with an earlier request. Reload the page, then try again.";
    case "PAYLOAD_TOO_LARGE":
      return "it is too large.";
    case "RATE_LIMITED":
      return "there were too many attempts. Wait a minute, then try again.";
    default:
      return error.fieldErrors.length > 0 ? "some fields need attention: see the messages beside them." : "it was refused; the details below say why.";
  }
}

/** Whether one of the problem's field errors passes `test` (its path read without a leading "body."). */
function fieldNamed(error: ApiError, test: (path: string, message: string) => boolean): boolean {
  return error.fieldErrors.some((f) => test(f.path.replace(/^body\./, ""), f.message));
}

function unprocessableTrade(error: ApiError, side: TicketSide): string {
  if (fieldNamed(error, (path, message) => path === "user" && /own intent/.test(message))) return "you cannot take your own offer.";
  if (fieldNamed(error, (_path, message) => /more than the seller holds available/.test(message))) {
    return side === "sell" ? "you no longer hold that many tokens available. Go back to the ticket and sell fewer." : "the seller no longer holds that many tokens available.";
  }
  if (/hold expiry has passed/.test(error.message)) return "the buyer's money can no longer be held for this offer, so it cannot be taken.";
  if (/expired at/.test(error.message)) return "the offer has ended.";
  if (/opens at/.test(error.message)) return "the offer has not opened yet.";
  return "the trade's terms were refused; the details below say why.";
}

/** Why the router refused an execution, to end "The trade was not made: …". */
export function tradeRefusalReason(error: unknown, side: TicketSide): string {
  if (!(error instanceof ApiError) || error.status >= 500) return refusalReason(error);
  const again = "Go back to the ticket and review it again.";
  switch (error.code) {
    case "STATE_CONFLICT":
      if (/disabled|NON_ACTIVE/.test(error.message)) return "this offer is paused by its owner, so it cannot be taken now.";
      if (/COMPLETED/.test(error.message)) return "nothing remains of this offer.";
      if (/kept changing/.test(error.message)) return "many trades took from this offer at the same moment. Try again.";
      return `the offer changed meanwhile. ${again}`;
    case "QUANTITY_EXCEEDED":
      return "fewer tokens remain in this offer than you chose. Go back to the ticket and choose fewer.";
    case "AMOUNT_MISMATCH":
      return `the total no longer matches the offer's price. ${again}`;
    case "BAD_SIGNATURE":
      return `the signature did not match the trade. ${again}`;
    case "STALE_NONCE":
      return `the signed trade is more than five minutes old, or this computer's clock is wrong. ${again}`;
    case "NONCE_REUSED":
      return `this signed trade was sent before. ${again}`;
    case "NOT_FOUND":
      return "the offer no longer exists.";
    case "UNPROCESSABLE":
      return unprocessableTrade(error, side);
    default:
      return refusalReason(error);
  }
}

/** The support details of a failed call: what a person copies to support, in order. */
export function supportLinesOf(error: unknown): [label: string, value: string][] {
  if (!(error instanceof ApiError)) return error instanceof Error ? [["Error", `${error.name}: ${error.message}`]] : [];
  const lines: [string, string][] = [["HTTP status", String(error.status)]];
  if (error.code) lines.push(["Code", error.code]);
  lines.push(["Detail", error.message]);
  for (const field of error.fieldErrors) lines.push([`Field ${field.path}`, field.message]);
  if (error.requestId) lines.push(["Request id", error.requestId]);
  return lines;
}
