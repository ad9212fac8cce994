"use client";

// "Your first steps": the checklist of a newcomer (lib/client/first-steps.ts) with its progress, each
// step linking to where it is done; it is gone once every step is done. Read from what the portal
// already reads (keys in this browser, profiles, certificates, the portfolio, trades, own assets and
// intents), so it advances by itself as the person goes.
import { useQueries } from "@tanstack/react-query";
import Link from "next/link";

import { useBrowserKey } from "@/components/keys/browser-key-context";
import { Card } from "@/components/ui/card";
import { Loading } from "@/components/ui/empty-state";
import { ProgressBar } from "@/components/ui/progress-bar";
import { firstSteps } from "@/lib/client/first-steps";
import { useGraphqlQuery } from "@/lib/client/graphql-query";
import { usePortfolioNow } from "@/lib/client/market-queries";
import { ownIntentsQuery, useAllAssets } from "@/lib/client/owner-queries";
import { useProfiles } from "@/lib/client/queries";
import { INVESTOR_OVERVIEW, MY_PLANS } from "@/lib/client/trading-queries";

export function FirstStepsCard({ role }: { role: "investor" | "issuer" }) {
  const { keys } = useBrowserKey();
  const profiles = useProfiles();
  const overview = useGraphqlQuery(INVESTOR_OVERVIEW, {});
  const plans = useGraphqlQuery(MY_PLANS, { first: 20 });
  const portfolio = usePortfolioNow();
  const assets = useAllAssets();
  const ownProfileIds = new Set((profiles.data ?? []).map((p) => p.id));
  const intents = useQueries({ queries: role === "issuer" ? [...ownProfileIds].map((id) => ownIntentsQuery(id)) : [] });

  if (keys === undefined || !profiles.data || !portfolio.data || !overview.data) return <Loading label="Loading your first steps…" lines={2} />;
  const ownIntents = intents.flatMap((q) => q.data ?? []);
  const steps = firstSteps(role, {
    keys: keys.length,
    profiles: profiles.data.length,
    kycProfiles: overview.data.profiles.nodes.filter((p) => p.certificates.nodes.some((c) => c.type === "KYC/AML" && !c.expired)).length,
    funded: portfolio.data.positions.length > 0 || portfolio.data.totals.some((t) => t.cash.balance !== "0"),
    trades: (plans.data?.plans.nodes ?? []).filter((p) => p.status === "Completed").length,
    assets: (assets.data ?? []).filter((a) => ownProfileIds.has(a.issuerId)).length,
    intents: ownIntents.length,
    signedIntents: ownIntents.filter((i) => i.intent.type !== "primarySale" && i.intent.signaturePolicy).length,
  });
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;
  return (
    <Card title="Your first steps" description="A few things to do once; each opens the page where it is done.">
      <ProgressBar label="First steps done" value={done} max={steps.length} text={`${done} of ${steps.length} done`} />
      <ol aria-label="First steps" className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {steps.map((step, i) => (
          <li key={step.id} className={`flex gap-3 rounded-md border p-3 ${step.done ? "border-line bg-surface-sunken" : "border-brand/40 bg-brand-soft/40"}`}>
            <span aria-hidden="true" className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${step.done ? "bg-positive text-surface" : "border border-brand text-brand"}`}>
              {step.done ? "✓" : i + 1}
            </span>
            <div className="min-w-0">
              <p className="font-medium text-ink">
                {step.title}
                <span className="sr-only">{step.done ? ": done" : ": to do"}</span>
              </p>
              <p className="text-sm text-muted">{step.why}</p>
              {step.done ? (
                <p className="mt-1 text-sm font-medium text-positive">Done</p>
              ) : (
                <Link href={step.href} className="mt-1 inline-block text-sm font-medium text-brand underline-offset-4 hover:underline">
                  {step.action}
                </Link>
              )}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
