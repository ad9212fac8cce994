// Publishes committed outbox rows (style.md: effects after commit). The trading code writes a row in
// the same transaction as the change it reports, so a rolled-back change leaves no row, and a row
// left unpublished by a crash is still there for the next pass. Rows go out in the order they were
// written, (createdAt, id), each with the organizations taking part in its plan; then they are marked
// with a conditional write (`publishedAt IS NULL`). Publishing comes first: a crash between the two
// publishes a row again, which the hub recognises by its id (at least once, never lost).
import type { Selectable } from "kysely";
import { dbDate, parseDbDate, sqlDb, type DB } from "@/lib/server/db/sql";
import { logger } from "@/lib/server/log";
import { metrics } from "@/lib/server/metrics/metrics";
import type { EventTransport } from "./event-transport";
import { isEventKind, type EventKind, type PublishedEvent } from "./published-event";

export const OUTBOX_BATCH_SIZE = 100;

type PlanDocument = { participants?: { organizationId?: unknown }[] };
type EventOutbox = Selectable<DB["EventOutbox"]>;

/** The plan an event is about: a plan event's `id`, a receipt's `settlementRef` (the plan id). */
export function planIdOfEvent(kind: EventKind, payload: unknown): string | null {
  if (typeof payload !== "object" || payload === null) return null;
  const value = kind === "receiptAdded" ? (payload as { settlementRef?: unknown }).settlementRef : (payload as { id?: unknown }).id;
  return typeof value === "string" ? value : null;
}

/** The plan's participating organizations; none when its document cannot be read (only its parties then see the event). */
function organizationsOf(content: string): string[] {
  try {
    const doc = JSON.parse(content) as PlanDocument;
    return (doc.participants ?? []).flatMap((p) => (typeof p.organizationId === "string" ? [p.organizationId] : []));
  } catch {
    return [];
  }
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
    logger.error({ err: error, eventId: row.id }, "event outbox: a row cannot be read; it is marked and skipped");
    return null;
  }
}

/** The rows as events, with their plans' participants; rows that cannot be read are only listed (to be marked, so they block nothing). */
async function toEvents(rows: readonly EventOutbox[]): Promise<{ events: PublishedEvent[]; unreadable: string[] }> {
  const read = rows.map((row) => ({ id: row.id, read: readRow(row) }));
  const planIds = [...new Set(read.flatMap(({ read: r }) => (r?.planId ? [r.planId] : [])))];
  const plans = planIds.length ? await sqlDb.selectFrom("Plan").select(["id", "content"]).where("id", "in", planIds).execute() : [];
  const participants = new Map(plans.map((p) => [p.id, organizationsOf(p.content)]));
  const events: PublishedEvent[] = [];
  const unreadable: string[] = [];
  for (const { id, read: r } of read) {
    if (!r) {
      unreadable.push(id);
      continue;
    }
    const organizations = (r.planId === null ? undefined : participants.get(r.planId)) ?? [];
    events.push({ id, kind: r.kind, payload: r.payload, audience: r.audience, organizations, createdAtMs: parseDbDate(r.row.createdAt).getTime() });
  }
  return { events, unreadable };
}

/** One pass: publishes up to a batch of unpublished rows; answers how many it handled. */
export async function publishOutbox(transport: EventTransport, limit = OUTBOX_BATCH_SIZE): Promise<number> {
  const rows = await sqlDb.selectFrom("EventOutbox").selectAll().where("publishedAt", "is", null).orderBy("createdAt", "asc").orderBy("id", "asc").limit(limit).execute();
  if (rows.length === 0) return 0;
  const { events, unreadable } = await toEvents(rows);
  const handled = [...unreadable];
  try {
    for (const event of events) {
      await transport.publish(event);
      metrics.outboxLagSeconds.observe((Date.now() - event.createdAtMs) / 1000);
      handled.push(event.id);
    }
  } finally {
    // Conditional: a row another publisher marked first keeps its time.
    if (handled.length > 0) {
      await sqlDb.updateTable("EventOutbox").set({ publishedAt: dbDate(new Date()) }).where("id", "in", handled).where("publishedAt", "is", null).execute();
    }
  }
  return handled.length;
}

/** Deletes rows published before `before`: they served their subscribers and nothing reads them again. */
export async function pruneOutbox(before: Date): Promise<number> {
  const { numDeletedRows } = await sqlDb.deleteFrom("EventOutbox").where("publishedAt", "<", dbDate(before)).executeTakeFirst();
  return Number(numDeletedRows);
}
