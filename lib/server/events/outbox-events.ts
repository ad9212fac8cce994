// Outbox rows as the events subscribers receive (style.md: effects after commit). The trading code
// writes a row in the same transaction as the change it reports, so a rolled-back change leaves no
// row, and a row left unpublished by a crash is still there for the publisher's next pass
// (sequence-outbox.ts). Each event carries the organizations taking part in its plan, read when it is
// delivered. A plan's participants never change once it is made, so each process reads them once
// per plan (a trade's five events share them) and keeps the most recent plans' in memory.
import { dbDate, parseDbDateMs, prepared, sqlDb, type Sql } from "@/lib/server/db/sql";
import { setBounded } from "@/lib/server/bounded-map";
import { logger } from "@/lib/server/log";
import { isEventKind, type EventKind, type PublishedEvent } from "./published-event";
import type { SequencedRow } from "./sequence-outbox";
import { planDocumentOf } from "@/lib/server/trading/stage-outcome";

type PlanDocument = { readonly participants?: readonly { readonly organizationId?: unknown }[] };
type EventOutbox = SequencedRow;

/** The plan an event is about: a plan event's `id`, a receipt's `settlementRef` (the plan id). */
export function planIdOfEvent(kind: EventKind, payload: unknown): string | null {
  if (typeof payload !== "object" || payload === null) return null;
  const value = kind === "receiptAdded" ? (payload as { settlementRef?: unknown }).settlementRef : (payload as { id?: unknown }).id;
  return typeof value === "string" ? value : null;
}

/** Plans whose participants are kept; a plan's events come within seconds of each other. */
export const PARTICIPANTS_KEPT_MAX = 10_000;
const participantsOfPlan = new Map<string, readonly string[]>();
/** One SQL text per length of the id list (a batch's plans not yet in memory, a handful). */
const plansContent = prepared((db, a: { ids: readonly string[] }) => db.selectFrom("Plan").select(["id", "content"]).where("id", "in", a.ids));

/**
 * Remembers a new plan's participating organizations from its document, which its execution has in
 * hand: called once the execution has committed, before its planAdded event is delivered, so this
 * process's delivery of the plan's events reads no document (another process's reads it once, below).
 */
export function rememberParticipants(planId: string, doc: PlanDocument): void {
  setBounded(participantsOfPlan, planId, organizationsIn(doc), PARTICIPANTS_KEPT_MAX);
}

/** The participating organizations of each plan, from memory or else from the plans' documents. */
async function participantsOf(planIds: readonly string[], q: Sql): Promise<ReadonlyMap<string, readonly string[]>> {
  const unknown = planIds.filter((id) => !participantsOfPlan.has(id));
  if (unknown.length > 0) {
    const plans = await plansContent.all(q, { ids: unknown });
    for (const plan of plans) setBounded(participantsOfPlan, plan.id, organizationsOf(plan), PARTICIPANTS_KEPT_MAX);
  }
  return participantsOfPlan;
}

/**
 * The plan's participating organizations; none when its document cannot be read (only its parties
 * then see the event). The document as the plan runner parsed it while the plan ran in this process
 * (planDocumentOf keeps the last few hundred), else parsed here.
 */
function organizationsOf(plan: { id: string; content: string }): string[] {
  try {
    return organizationsIn(planDocumentOf(plan) as PlanDocument);
  } catch {
    return [];
  }
}

/** The organization ids among a plan document's participants. */
function organizationsIn(doc: PlanDocument): string[] {
  return (doc.participants ?? []).flatMap((p) => (typeof p.organizationId === "string" ? [p.organizationId] : []));
}

function parseList(text: string): string[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

type ReadRow = { row: EventOutbox; kind: EventKind; payload: unknown; audience: string[]; planId: string | null };

function readRow(row: EventOutbox): ReadRow | null {
  try {
    if (!isEventKind(row.kind)) throw new TypeError(`unknown event kind ${row.kind}`);
    const payload: unknown = JSON.parse(row.payload);
    return { row, kind: row.kind, payload, audience: parseList(row.audience), planId: planIdOfEvent(row.kind, payload) };
  } catch (error) {
    logger.error({ err: error, eventId: row.id, sequence: row.sequence }, "event outbox: a row cannot be read; it is skipped");
    return null;
  }
}

/** The rows as events, in their order, with their plans' participants; a row that cannot be read is left out (it holds nothing up). */
export async function toEvents(rows: readonly EventOutbox[], q: Sql = sqlDb): Promise<PublishedEvent[]> {
  const read = rows.flatMap((row) => readRow(row) ?? []);
  const planIds = [...new Set(read.flatMap((r) => (r.planId ? [r.planId] : [])))];
  const participants = await participantsOf(planIds, q);
  return read.map((r) => ({
    id: r.row.id,
    kind: r.kind,
    payload: r.payload,
    audience: r.audience,
    organizations: (r.planId === null ? undefined : participants.get(r.planId)) ?? [],
    createdAtMs: parseDbDateMs(r.row.createdAt),
  }));
}

/**
 * Deletes rows published before `before`: every process delivered them long ago (a process reads
 * only rows after its cursor, which starts at the highest sequence when it starts).
 */
export async function pruneOutbox(before: Date): Promise<number> {
  const { numDeletedRows } = await sqlDb.deleteFrom("EventOutbox").where("publishedAt", "<", dbDate(before)).executeTakeFirst();
  return Number(numDeletedRows);
}
