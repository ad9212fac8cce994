// Ids of outbox rows sort in the order the rows were written (time-ordered-uuid.ts). The publisher
// orders rows by (createdAt, id); two rows of one transaction often share a millisecond, and a random
// id would then publish them in any order: a plan's Completed before the receipt written ahead of it.
import { timeOrderedUuid } from "@/lib/server/db/time-ordered-uuid";

export function nextOutboxId(nowMs: number = Date.now()): string {
  return timeOrderedUuid(nowMs);
}
