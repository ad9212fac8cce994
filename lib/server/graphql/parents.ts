// The objects GraphQL types are resolved from ("parents"), and how each is made from a database row
// or an event payload. Parents carry what is at hand; resolvers load the rest on demand (loaders.ts),
// so an event's `intent { id }` costs no lookup at all.
import { z } from "zod";
import type { Plan as PlanRow, Receipt as ReceiptRow } from "@/lib/generated/prisma/client";
import type { Intent } from "@/lib/schemas/intent";
import { planEventSchema, type GraphqlPlanStatus } from "@/lib/schemas/plan";
import { receiptRecordSchema } from "@/lib/schemas/receipt";
import { tolerantObject } from "@/lib/schemas/common";

/** An asset reference as stored (fiat, p2p, cryptocurrency), read loosely: the union's resolveType decides by `type`. */
export type AssetRef = { type: string; code?: string; resourceId?: string; symbol?: string };
export type AccountRef = { type: string; finId?: string; orgId?: string; code?: string; address?: string };

export type IntentParent = { id: string; view?: Intent; assetId?: string };

export type PlanParent = {
  id: string;
  status: GraphqlPlanStatus;
  creationTimestamp: number;
  intentId: string;
  /** The plan's row when it was read; resolvers of other fields load it otherwise. */
  row?: PlanRow;
};

/** A receipt as recorded (lib/server/trading/receipts.ts), the same for a row and for a receiptAdded event. */
export const receiptContentSchema = receiptRecordSchema.extend({
  // Receipt ids come from payment organizations too; any reasonable reference is shown as it is.
  id: z.string().min(1).max(200),
  tradeDetails: tolerantObject({ executionPlanId: z.string().max(200).optional(), intentId: z.string().max(200).optional() }).optional(),
});

export type ReceiptParent = z.infer<typeof receiptContentSchema>;
export type ReceiptPartyParent = { finId: string };
export type HoldingParent = { profileId: string; asset: AssetRef; balance: string; held: string; available: string };

function documentTimestamp(row: PlanRow): number {
  const doc = JSON.parse(row.content) as { creationTimestamp?: unknown };
  return typeof doc.creationTimestamp === "number" ? doc.creationTimestamp : Math.floor(row.createdAt.getTime() / 1000);
}

export function planParentOfRow(row: PlanRow): PlanParent {
  return { id: row.id, status: row.status as GraphqlPlanStatus, creationTimestamp: documentTimestamp(row), intentId: row.intentId, row };
}

/** A planAdded or planChanged payload; null when it is not one. */
export function planParentOfEvent(payload: unknown): PlanParent | null {
  const parsed = planEventSchema.safeParse(payload);
  if (!parsed.success) return null;
  return { id: parsed.data.id, status: parsed.data.status, creationTimestamp: parsed.data.creationTimestamp, intentId: parsed.data.intent.id };
}

export function receiptParentOfRow(row: ReceiptRow): ReceiptParent {
  return receiptContentSchema.parse(JSON.parse(row.content));
}

/** A receiptAdded payload; null when it is not one. */
export function receiptParentOfEvent(payload: unknown): ReceiptParent | null {
  const parsed = receiptContentSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}
