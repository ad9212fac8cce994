// GET {router_url}/admin/reconciliation – the router's holdings against the payment organizations'
// own accounts. The built-in escrow's books are read in-process (read-only), for every profile of this
// router: its balance less the credits it has not yet reported must be the router's balance, and the
// held amounts must be equal. Another payment organization's books cannot be read from here (the
// adapter interface has no call for them): its holdings are listed as not reconciled, with how many
// there are. Work under way (reports on their way, settlements and withdrawals between the escrow's
// answer and the router's record) is counted, so a caller can wait for it before judging; the
// escrow's reports the router refused for good are named, since no waiting closes what they carry.
import { accountKey, holdingDifferences, type AccountKey, type Amounts, type HoldingDifference } from "@/lib/domain/holdings-reconciliation";
import { formatUnits, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import { env } from "@/lib/env";
import { DEAD_REPORT_ERROR_MAX_CHARS, DEAD_REPORTS_LISTED_MAX, RECONCILIATION_DIFFERENCES_MAX, type ReconciliationReport } from "@/lib/schemas/reconciliation";
import { db } from "@/lib/server/db/client";
import { deadEscrowReports, escrowAccountsOf, undeliveredEscrowCredits, type DeadEscrowReport } from "@/lib/server/escrow/books-for-router";

const PAGE = 1_000;
/** Stages of a plan between the escrow's answer and the router's record of a movement of money. */
const MONEY_STAGES = ["hold", "release", "rollback"];

const NOT_READABLE =
  "The router cannot read this organization's books (the adapter interface has no call for them): its holdings here are what it reported through ledger imports and the receipts of operations through its adapter, so they are not reconciled.";

/** Every profile's finId, a page at a time (the router reconciles the accounts of its own investors). */
async function profileFinIds(): Promise<string[]> {
  const finIds: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await db.profile.findMany({ orderBy: { id: "asc" }, take: PAGE, select: { id: true, finId: true }, ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}) });
    finIds.push(...page.map((p) => p.finId));
    if (page.length < PAGE) return finIds;
    cursor = page.at(-1)?.id;
  }
}

async function routerHoldingsAt(organizationId: string, finIds: readonly string[]): Promise<Map<AccountKey, Amounts>> {
  const holdings = new Map<AccountKey, Amounts>();
  for (let i = 0; i < finIds.length; i += PAGE) {
    const rows = await db.holding.findMany({ where: { organizationId, assetType: "fiat", finId: { in: finIds.slice(i, i + PAGE) } } });
    for (const r of rows) holdings.set(accountKey(r.finId, r.assetCode), { balance: unitsOfSigned(r.balance), held: unitsOfSigned(r.held) });
  }
  return holdings;
}

async function builtInEscrowDifferences(): Promise<{ accounts: number; differences: HoldingDifference[]; undeliveredReports: number }> {
  const finIds = await profileFinIds();
  const router = await routerHoldingsAt(env.ESCROW_ORG_ID, finIds);
  const escrow = new Map((await escrowAccountsOf(finIds)).map((a) => [accountKey(a.finId, a.currency), { balance: a.balance, held: a.held }] as const));
  const { reports, credits } = await undeliveredEscrowCredits();
  return { accounts: new Set([...router.keys(), ...escrow.keys()]).size, differences: holdingDifferences(router, escrow, credits), undeliveredReports: reports };
}

function deadReportView(r: DeadEscrowReport): ReconciliationReport["deadEscrowReports"]["reports"][number] {
  const credits = r.credits.map((c) => ({ finId: c.finId, currency: c.currency, amount: formatUnits(c.units) }));
  return { id: r.id, attempts: r.attempts, lastError: r.lastError?.slice(0, DEAD_REPORT_ERROR_MAX_CHARS) ?? null, createdAt: Math.floor(r.createdAt.getTime() / 1000), credits };
}

export async function reconcileHoldings(): Promise<ReconciliationReport> {
  const { accounts, differences, undeliveredReports } = await builtInEscrowDifferences();
  const others = await db.organization.findMany({ where: { kind: "escrow", id: { not: env.ESCROW_ORG_ID } }, orderBy: { id: "asc" }, select: { id: true, name: true } });
  const counts = new Map(
    (await db.holding.groupBy({ by: ["organizationId"], where: { organizationId: { in: others.map((o) => o.id) } }, _count: { _all: true } })).map((g) => [g.organizationId, g._count._all]),
  );
  const builtIn = await db.organization.findUnique({ where: { id: env.ESCROW_ORG_ID }, select: { name: true } });
  const [settlements, withdrawals, dead] = await Promise.all([
    db.plan.count({ where: { stage: { in: MONEY_STAGES } } }),
    db.routerOperation.count({ where: { kind: "withdraw", status: "pending", organizationId: env.ESCROW_ORG_ID } }),
    deadEscrowReports(DEAD_REPORTS_LISTED_MAX),
  ]);
  return {
    checkedAt: Math.floor(Date.now() / 1000),
    organizations: [
      {
        id: env.ESCROW_ORG_ID,
        name: builtIn?.name ?? env.ESCROW_ORG_NAME,
        reconciled: true,
        accounts,
        note: "The built-in escrow's books, read on this node: every account of this router's profiles, balance and held.",
      },
      ...others.map((o) => ({ id: o.id, name: o.name, reconciled: false, accounts: counts.get(o.id) ?? 0, note: NOT_READABLE })),
    ],
    differences: differences.slice(0, RECONCILIATION_DIFFERENCES_MAX).map((d) => ({ organizationId: env.ESCROW_ORG_ID, ...d })),
    truncated: differences.length > RECONCILIATION_DIFFERENCES_MAX,
    deadEscrowReports: { count: dead.count, reports: dead.reports.map(deadReportView) },
    inFlight: { escrowReports: undeliveredReports, settlements, withdrawals },
  };
}
