// Deposits from the browser: a signed request for instructions (the deposit template, decisions.md
// §5, signed by the profile's key through `sign`, so only the nonce and the signature travel), and
// the profile's instructions as the router lists them, so they outlive the page.
import { useInfiniteQuery } from "@tanstack/react-query";

import { apiCall } from "@/lib/client/api-client";
import { generateNonce } from "@/lib/domain/nonce";
import { buildDepositTemplate } from "@/lib/domain/signature-template";
import { depositsPageSchema, type DepositListItem, type DepositRequest } from "@/lib/schemas/payment";

export type DepositTerms = { profileId: string; finId: string; orgId: string; currency: string; amount: string };

export function signedDepositRequest(terms: DepositTerms, sign: (hashHex: string) => string): DepositRequest {
  const nonce = generateNonce();
  const template = buildDepositTemplate({ nonce, assetType: "fiat", assetId: terms.currency, dstAccountType: "finId", dstAccount: terms.finId, amount: terms.amount });
  return {
    profileId: terms.profileId,
    account: { account: { type: "finId", finId: terms.finId, orgId: terms.orgId }, asset: { type: "fiat", code: terms.currency } },
    amount: terms.amount,
    nonce,
    signature: sign(template.hash),
  };
}

const DEPOSITS_PAGE_SIZE = 20;
/** While an instruction is being prepared or waits for money, the list is read again this often. */
const OPEN_DEPOSITS_POLL_MS = 5_000;

export const depositsQueryKey = (profileId: string) => ["profiles", profileId, "deposits"] as const;

/** Still moving: being prepared, or issued and waiting for the transfer. */
export const isOpenDeposit = (deposit: DepositListItem) => deposit.status === "preparing" || deposit.status === "waiting";

/** The profile's deposit instructions, newest first, a page at a time. */
export function useDeposits(profileId: string) {
  return useInfiniteQuery({
    queryKey: depositsQueryKey(profileId),
    queryFn: ({ pageParam }) =>
      apiCall(
        `/api/router/finapi/profiles/${encodeURIComponent(profileId)}/deposits?limit=${DEPOSITS_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
        depositsPageSchema,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.deposits.some(isOpenDeposit)) ? OPEN_DEPOSITS_POLL_MS : false),
  });
}
