// Reconciling the router's holdings with a payment organization's own accounts, with no I/O: per
// (finId, currency), the router's balance must be the organization's balance less the credits the
// organization made and has not yet reported (they are on their way), and both held amounts must be
// equal. A side with no row counts as zero.
import { formatUnits } from "./escrow/ledger-units";

export type Amounts = { balance: bigint; held: bigint };
/** `${finId}|${currency}` */
export type AccountKey = `${string}|${string}`;

export type HoldingDifference = {
  finId: string;
  currency: string;
  router: { balance: string; held: string };
  escrow: { balance: string; held: string };
  /** Credits the organization made that have not reached the router yet, when there are any. */
  awaitingDelivery?: string;
};

export const accountKey = (finId: string, currency: string): AccountKey => `${finId}|${currency}`;

const ZERO: Amounts = { balance: 0n, held: 0n };

/** Every account where the two sides differ, in finId then currency order. */
export function holdingDifferences(
  router: ReadonlyMap<AccountKey, Amounts>,
  organization: ReadonlyMap<AccountKey, Amounts>,
  undelivered: ReadonlyMap<AccountKey, bigint>,
): HoldingDifference[] {
  const keys = [...new Set([...router.keys(), ...organization.keys()])].sort();
  return keys.flatMap((key) => {
    const mine = router.get(key) ?? ZERO;
    const theirs = organization.get(key) ?? ZERO;
    const onTheWay = undelivered.get(key) ?? 0n;
    if (mine.balance === theirs.balance - onTheWay && mine.held === theirs.held) return [];
    const [finId = "", currency = ""] = key.split("|");
    return [
      {
        finId,
        currency,
        router: { balance: formatUnits(mine.balance), held: formatUnits(mine.held) },
        escrow: { balance: formatUnits(theirs.balance), held: formatUnits(theirs.held) },
        ...(onTheWay === 0n ? {} : { awaitingDelivery: formatUnits(onTheWay) }),
      },
    ];
  });
}
