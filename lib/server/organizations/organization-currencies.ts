// What each payment organization keeps: the built-in escrow's currencies come from its settings
// (ESCROW_CURRENCIES); another's are what an admin declared for it. The ledger import checks every
// fiat amount against them, and the admin's organizations list shows them.
import type { CurrencyTable } from "@/lib/domain/escrow/currencies";
import type { PaymentOrganizations } from "@/lib/domain/ledger-import";
import { currencyTableOf } from "@/lib/domain/organization-currencies";
import { env } from "@/lib/env";
import { db } from "@/lib/server/db/client";

type OrganizationRow = { id: string; kind: string; currencies: string | null };

/** The currencies one organization keeps; null when a payment organization declares none, undefined when it is no payment organization. */
export function currenciesOfOrganization(org: OrganizationRow): CurrencyTable | null | undefined {
  if (org.kind !== "escrow") return undefined;
  if (org.id === env.ESCROW_ORG_ID) return env.ESCROW_CURRENCIES;
  return currencyTableOf(org.currencies);
}

/** The payment organizations among `orgIds`, as the import's rules read them. */
export async function paymentOrganizations(orgIds: readonly string[]): Promise<PaymentOrganizations> {
  const rows = await db.organization.findMany({ where: { id: { in: [...new Set(orgIds)] } }, select: { id: true, kind: true, currencies: true } });
  const tables = new Map(rows.map((row) => [row.id, currenciesOfOrganization(row)] as const));
  return (orgId) => tables.get(orgId);
}
