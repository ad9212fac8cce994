"use client";

// The dashboard of investors and issuers: the first steps until they are done, the portfolio, the
// recent trades and the KYC/AML and accreditation status per profile, read over HTTP as the page
// renders and kept live through the trading subscriptions, which load after it has shown.
import Link from "next/link";

import { LivePlanEventsProvider } from "@/components/trade/live-plan-events";
import { PlanList } from "@/components/trade/plan-list";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { linkClass, mutedTextClass } from "@/components/ui/styles";
import { useGraphqlQuery } from "@/lib/client/graphql-query";
import { INVESTOR_OVERVIEW, type ProfileNode } from "@/lib/client/trading-queries";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import { FIN_ID_PATTERN } from "@/lib/domain/patterns";

import { FirstStepsCard } from "./first-steps-card";
import { PortfolioOverview } from "./portfolio-overview";

function certificateStatus(profile: ProfileNode, type: "KYC/AML" | "Accreditation"): "Valid" | "Expired" | "None" {
  const ofType = profile.certificates.nodes.filter((c) => c.type === type);
  if (ofType.some((c) => !c.expired)) return "Valid";
  return ofType.length > 0 ? "Expired" : "None";
}

const TONE = { Valid: "positive", Expired: "caution", None: "neutral" } as const;

const fingerprint = (publicKey: string) => (FIN_ID_PATTERN.test(publicKey) ? finIdFingerprint(publicKey) : publicKey);

function Compliance() {
  const overview = useGraphqlQuery(INVESTOR_OVERVIEW, {});
  const profiles = overview.data?.profiles.nodes;
  return (
    <Card title="KYC/AML and accreditation">
      {profiles && profiles.length === 0 ? <p className={mutedTextClass}>No profile yet, so no certificates.</p> : null}
      {profiles && profiles.length > 0 ? (
        <ul aria-label="Certificate status per profile" className="space-y-2 text-sm">
          {profiles.map((p) => {
            const kyc = certificateStatus(p, "KYC/AML");
            const accreditation = certificateStatus(p, "Accreditation");
            return (
              <li key={p.id} className="flex flex-wrap items-center gap-2">
                <span className="font-mono">{fingerprint(p.publicKey)}</span>
                <span className="sr-only">:</span> KYC/AML <Badge tone={TONE[kyc]}>{kyc}</Badge>
                <span className="sr-only">,</span> accreditation <Badge tone={TONE[accreditation]}>{accreditation}</Badge>
              </li>
            );
          })}
        </ul>
      ) : null}
      <p className="mt-3 text-sm text-muted">
        Some assets require a valid certificate.{" "}
        <Link href="/profile" className={linkClass}>
          Add certificates on the Profile page
        </Link>
        .
      </p>
    </Card>
  );
}

export function InvestorOverview({ role }: { role: "investor" | "issuer" }) {
  return (
    <LivePlanEventsProvider>
      <div className="space-y-6">
        <FirstStepsCard role={role} />
        <PortfolioOverview />
        <div className="grid gap-6 lg:grid-cols-3">
          <Card title="Recent trades" className="lg:col-span-2" actions={<Link href="/trades" className={`${linkClass} text-sm`}>All trades</Link>}>
            <PlanList first={5} />
          </Card>
          <Compliance />
        </div>
      </div>
    </LivePlanEventsProvider>
  );
}
