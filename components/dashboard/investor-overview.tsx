"use client";

// The investor's dashboard: holdings of every profile (balance, held, available), recent trades and
// the KYC/AML and accreditation status, live through the trading subscriptions.
import { useQuery } from "@apollo/client/react";
import Link from "next/link";

import { LivePlanEventsProvider } from "@/components/trade/live-plan-events";
import { PlanList } from "@/components/trade/plan-list";
import { StatusMessage } from "@/components/ui/status-message";
import { cardClass, mutedTextClass } from "@/components/ui/styles";
import { assetLabel } from "@/lib/client/receipt-pairs";
import { INVESTOR_OVERVIEW, type ProfileNode } from "@/lib/client/trading-documents";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import { FIN_ID_PATTERN } from "@/lib/domain/patterns";

/** Holdings change without events too (money reported by a payment organization): read them again now and then. */
const OVERVIEW_POLL_MS = 10_000;

function certificateStatus(profile: ProfileNode, type: "KYC/AML" | "Accreditation"): string {
  const ofType = profile.certificates.nodes.filter((c) => c.type === type);
  if (ofType.some((c) => !c.expired)) return "Valid";
  return ofType.length > 0 ? "Expired" : "None";
}

const fingerprint = (publicKey: string) => (FIN_ID_PATTERN.test(publicKey) ? finIdFingerprint(publicKey) : publicKey);

function Overview() {
  const overview = useQuery(INVESTOR_OVERVIEW, { fetchPolicy: "cache-and-network", pollInterval: OVERVIEW_POLL_MS });
  const data = overview.data;
  const fingerprintOf = new Map((data?.profiles.nodes ?? []).map((p) => [p.id, fingerprint(p.publicKey)]));
  return (
    <>
      {overview.error ? <StatusMessage tone="error">Your holdings could not be loaded: {overview.error.message}</StatusMessage> : null}
      <section aria-labelledby="holdings-heading" className={cardClass}>
        <h2 id="holdings-heading" className="text-lg font-medium">Holdings</h2>
        {overview.loading && !data ? <p role="status" className={`mt-3 ${mutedTextClass}`}>Loading holdings…</p> : null}
        {data && data.profiles.nodes.length === 0 ? (
          <p className={`mt-3 ${mutedTextClass}`}>
            You have no profile yet. <Link href="/profile" className="underline">Create one on the Profile page</Link>, then deposit money on the Cash page.
          </p>
        ) : null}
        {data && data.profiles.nodes.length > 0 && data.holdings.nodes.length === 0 ? (
          <p className={`mt-3 ${mutedTextClass}`}>
            Nothing held yet. <Link href="/cash" className="underline">Deposit money</Link>, then <Link href="/marketplace" className="underline">buy in the marketplace</Link>.
          </p>
        ) : null}
        {data && data.holdings.nodes.length > 0 ? (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Holdings with balance, held and available amounts</caption>
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-800">
                  <th scope="col" className="py-2 pr-4 font-medium">Asset</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Profile key</th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">Balance</th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">Held</th>
                  <th scope="col" className="py-2 text-right font-medium">Available</th>
                </tr>
              </thead>
              <tbody>
                {data.holdings.nodes.map((h) => (
                  <tr key={`${h.profileId}:${assetLabel(h.asset)}`} className="border-b border-slate-100 last:border-0 dark:border-slate-900">
                    <th scope="row" className="break-all py-2 pr-4 font-normal">{assetLabel(h.asset)}</th>
                    <td className="py-2 pr-4 font-mono">{fingerprintOf.get(h.profileId) ?? h.profileId}</td>
                    <td className="py-2 pr-4 text-right font-mono tabular-nums">{h.balance}</td>
                    <td className="py-2 pr-4 text-right font-mono tabular-nums">{h.held}</td>
                    <td className="py-2 text-right font-mono tabular-nums">{h.available}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="recent-heading" className={cardClass}>
        <h2 id="recent-heading" className="mb-3 text-lg font-medium">Recent trades</h2>
        <PlanList first={5} />
        <p className="mt-3 text-sm">
          <Link href="/trades" className="underline">All trades</Link> · <Link href="/receipts" className="underline">Receipts</Link>
        </p>
      </section>

      <section aria-labelledby="compliance-heading" className={cardClass}>
        <h2 id="compliance-heading" className="text-lg font-medium">KYC/AML and accreditation</h2>
        {data && data.profiles.nodes.length === 0 ? <p className={`mt-3 ${mutedTextClass}`}>No profile yet, so no certificates.</p> : null}
        {data && data.profiles.nodes.length > 0 ? (
          <ul aria-label="Certificate status per profile" className="mt-3 space-y-2 text-sm">
            {data.profiles.nodes.map((p) => (
              <li key={p.id}>
                <span className="font-mono">{fingerprint(p.publicKey)}</span>: KYC/AML <strong>{certificateStatus(p, "KYC/AML")}</strong>, accreditation{" "}
                <strong>{certificateStatus(p, "Accreditation")}</strong>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-3 text-sm">
          Some assets require a valid certificate. <Link href="/profile" className="underline">Add certificates on the Profile page</Link>.
        </p>
      </section>
    </>
  );
}

export function InvestorOverview() {
  return (
    <LivePlanEventsProvider>
      <Overview />
    </LivePlanEventsProvider>
  );
}
