// The organizations this node knows (decisions.md §8: { id, name, kind }), and for GET
// {router_url}/finapi/organizations whether each can serve investors now: a registered payment
// organization is `available` while its adapter answers the router's check
// (lib/server/router-ops/adapter-health.ts); the built-in escrow runs in this process and routers
// have no adapter, so both always are.
import { env } from "@/lib/env";
import type { Organization } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db/client";
import { adapterAvailability } from "@/lib/server/router-ops/adapter-health";

export type OrganizationSummary = { id: string; name: string; kind: "router" | "escrow" };
export type OrganizationListing = OrganizationSummary & { available: boolean };

const ORGANIZATIONS_MAX = 500;

async function organizationRows(): Promise<Organization[]> {
  return db.organization.findMany({ orderBy: [{ kind: "desc" }, { id: "asc" }], take: ORGANIZATIONS_MAX });
}

const summaryOf = (o: Organization): OrganizationSummary => ({ id: o.id, name: o.name, kind: o.kind === "escrow" ? "escrow" : "router" });

export async function listOrganizations(): Promise<OrganizationSummary[]> {
  return (await organizationRows()).map(summaryOf);
}

export async function listOrganizationsWithAvailability(): Promise<OrganizationListing[]> {
  const rows = await organizationRows();
  const registered = rows.flatMap((o) =>
    o.kind === "escrow" && o.id !== env.ESCROW_ORG_ID && o.adapterUrl
      ? [{ id: o.id, name: o.name, adapterUrl: o.adapterUrl, adapterTokenSealed: o.adapterTokenSealed }]
      : [],
  );
  const answering = await adapterAvailability(registered);
  return rows.map((o) => ({
    ...summaryOf(o),
    available: o.kind !== "escrow" || o.id === env.ESCROW_ORG_ID || (answering.get(o.id) ?? false),
  }));
}
