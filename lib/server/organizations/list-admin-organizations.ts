// GET {router_url}/admin/organizations – every organization as an admin manages it: its adapter URL
// and whether a token is kept for it (the token itself is sealed and never shown), and the currencies
// a payment organization keeps with their minor units.
import { declarationsOf } from "@/lib/domain/organization-currencies";
import { env } from "@/lib/env";
import type { AdminOrganization } from "@/lib/schemas/organization";
import { db } from "@/lib/server/db/client";
import { currenciesOfOrganization } from "./organization-currencies";

const MAX_ORGANIZATIONS = 500;

export async function listAdminOrganizations(): Promise<{ organizations: AdminOrganization[] }> {
  const rows = await db.organization.findMany({ orderBy: [{ kind: "desc" }, { id: "asc" }], take: MAX_ORGANIZATIONS });
  return {
    organizations: rows.map((o) => ({
      id: o.id,
      name: o.name,
      kind: o.kind === "escrow" ? "escrow" : "router",
      adapterUrl: o.adapterUrl,
      hasAdapterToken: o.adapterTokenSealed !== null,
      builtIn: o.id === env.ORG_ID || o.id === env.ESCROW_ORG_ID,
      currencies: declarationsOf(currenciesOfOrganization(o) ?? null),
    })),
  };
}
