"use client";

// Whether the viewer holds a valid certificate of a type an asset requires (on any of their profiles),
// read through GraphQL: a badge beside the asset page's requirements, which the page loads after it
// has shown (asset-overview.tsx).
import Link from "next/link";

import { Badge } from "@/components/ui/badge";
import { linkClass } from "@/components/ui/styles";
import { useGraphqlQuery } from "@/lib/client/graphql-query";
import { INVESTOR_OVERVIEW } from "@/lib/client/trading-queries";

export function CertificateHeldBadge({ type }: { type: string }) {
  const overview = useGraphqlQuery(INVESTOR_OVERVIEW, {});
  if (!overview.data) return null;
  const held = overview.data.profiles.nodes.some((p) => p.certificates.nodes.some((c) => c.type === type && !c.expired));
  if (held) return <Badge tone="positive">You have one</Badge>;
  return (
    <>
      <Badge tone="caution">You have none yet</Badge>
      <Link href="/profile" className={linkClass}>
        Add one on the Profile page
      </Link>
    </>
  );
}
