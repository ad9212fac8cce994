// What the notification centre says about what came in (pure: the provider feeds it events and
// readings). A trade's end from its plansChangedBy event; money that arrived or left from the cash
// balance of the portfolio, when no trade of the viewer's explains it; a signing request from the
// inbox's waiting count going up.
import { formatUnits, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import { formatMoney } from "@/lib/domain/format-money";

export type Notice = { id: string; at: number; tone: "info" | "success" | "error"; title: string; body: string; href: string; linkText: string };

export function planNotice(plan: { id: string; status: string; failureReason: string | null }, at: number): Notice | null {
  const href = `/trades/${encodeURIComponent(plan.id)}`;
  if (plan.status === "Completed") return { id: `plan:${plan.id}:done`, at, tone: "success", title: "Trade completed", body: "The tokens and the money have both moved.", href, linkText: "See the trade" };
  if (plan.status === "Failed" || plan.status === "Rejected") {
    const reason = plan.failureReason ? `Why: ${plan.failureReason}.` : "No money or tokens moved for it.";
    return { id: `plan:${plan.id}:ended`, at, tone: "error", title: "Trade did not go through", body: reason, href, linkText: "See what happened" };
  }
  return null;
}

export function signingNotice(before: number | null, now: number, at: number): Notice | null {
  if (before === null || now <= before) return null;
  const more = now - before;
  return {
    id: `signing:${at}`,
    at,
    tone: "info",
    title: more === 1 ? "A signing request waits for you" : `${more} signing requests wait for you`,
    body: "A buyer took one of your offers: sign it (or decline) before it expires.",
    href: "/signing",
    linkText: "Open the signing inbox",
  };
}

/**
 * Money that arrived or left without a trade of the viewer (a deposit credited, a withdrawal paid
 * out): `before` and `now` are cash balances by currency (units of 10^-18 as decimal strings).
 */
export function cashNotices(before: ReadonlyMap<string, string> | null, now: ReadonlyMap<string, string>, tradedRecently: boolean, at: number): Notice[] {
  if (before === null || tradedRecently) return [];
  const notices: Notice[] = [];
  for (const [currency, balance] of now) {
    const difference = unitsOfSigned(balance) - unitsOfSigned(before.get(currency) ?? "0");
    if (difference === 0n) continue;
    const amount = formatMoney(formatUnits(difference < 0n ? -difference : difference), currency);
    notices.push(
      difference > 0n
        ? { id: `cash:${currency}:${at}`, at, tone: "success", title: "Money arrived", body: `${amount} was credited to your account.`, href: "/cash", linkText: "Open Cash" }
        : { id: `cash:${currency}:${at}`, at, tone: "info", title: "Withdrawal paid out", body: `${amount} left your account for your bank.`, href: "/cash", linkText: "Open Cash" },
    );
  }
  return notices;
}

/**
 * Whether a cash balance moved between two readings (either way, a currency gained or gone). The
 * notification centre's cheap poll sees money first; when it does, the dashboard's full portfolio
 * (a separate query, fresh for a while) is out of date and is read again, so it never says
 * "Nothing held yet" beside a "Money arrived" toast.
 */
export function balancesMoved(before: ReadonlyMap<string, string> | null, now: ReadonlyMap<string, string>): boolean {
  if (before === null) return false;
  if (before.size !== now.size) return true;
  for (const [currency, balance] of now) {
    const earlier = before.get(currency);
    if (earlier === undefined || unitsOfSigned(earlier) !== unitsOfSigned(balance)) return true;
  }
  return false;
}
