// The organizations this node knows (decisions.md §8: { id, name, kind }).
import { db } from "@/lib/server/db/client";

export type OrganizationSummary = { id: string; name: string; kind: "router" | "escrow" };

export async function listOrganizations(): Promise<OrganizationSummary[]> {
  const rows = await db.organization.findMany({ orderBy: [{ kind: "desc" }, { id: "asc" }], take: 500 });
  return rows.map((o) => ({ id: o.id, name: o.name, kind: o.kind === "escrow" ? "escrow" : "router" }));
}
