// A manual-signing request's life (SigningRequest.status; decisions.md §6, flows.md "Selling
// intent"): `pending` until the endpoint has it, `awaiting` once it acknowledged, then one answer:
// `signed`, `declined` (the owner's no, with a reason), `refused` (the endpoint refused or signed
// wrongly) or `expired`. Only an open request takes an answer, and the answer is one conditional
// write from an open status, so two answers cannot both win.
export const SIGNING_REQUEST_STATUSES = ["pending", "awaiting", "signed", "declined", "refused", "expired"] as const;
export type SigningRequestStatus = (typeof SIGNING_REQUEST_STATUSES)[number];

/** The statuses that still take an answer: the `where` of every answering write. */
export const OPEN_SIGNING_STATUSES = ["pending", "awaiting"] as const satisfies readonly SigningRequestStatus[];

export function isOpenSigningStatus(status: string): boolean {
  return (OPEN_SIGNING_STATUSES as readonly string[]).includes(status);
}
