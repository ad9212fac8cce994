// The intent as every reader sees it (interface.md "Intent"): the terms stored at creation, with the
// status and remaining quantity of now. Everything goes through intentSchema, which has no place for
// a signature policy's secret, so no answer can carry one.
import { effectiveIntentStatus } from "@/lib/domain/intent-status";
import type { Intent as IntentRow } from "@/lib/generated/prisma/client";
import { intentSchema, type CreateIntentRequest, type Intent, type IntentPart, type ListedIntent } from "@/lib/schemas/intent";

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** The type's own part without the secret (a primary sale shows no signature policy at all). */
function shownPart(part: CreateIntentRequest["intent"]): IntentPart {
  if (part.type === "primarySale") {
    return { type: part.type, issuerId: part.issuerId, sellingSettlementInstruction: part.sellingSettlementInstruction };
  }
  const { signaturePolicy, ...rest } = part;
  return { ...rest, signaturePolicy: { type: signaturePolicy.type, endpoint: signaturePolicy.endpoint } };
}

/** What a new intent shows, and what is stored as its `content`. */
export function newIntentView(id: string, input: CreateIntentRequest): Intent {
  return intentSchema.parse({
    id,
    type: input.intent.type,
    start: input.start,
    end: input.end,
    status: "ACTIVE",
    assetTerm: input.assetTerm,
    assetInstruction: input.assetInstruction,
    settlementTerm: input.settlementTerm,
    remainingQuantity: input.assetTerm.amount,
    intent: shownPart(input.intent),
  });
}

export function toIntentView(row: IntentRow, now: number): Intent {
  const stored: unknown = JSON.parse(row.content);
  if (typeof stored !== "object" || stored === null) throw new TypeError(`intent ${row.id}: stored content is not an object`);
  return intentSchema.parse({ ...stored, status: effectiveIntentStatus(row, now), remainingQuantity: row.remainingQuantity });
}

export function toListedIntentView(row: IntentRow, now: number): ListedIntent {
  return { ...toIntentView(row, now), assetId: row.assetId };
}
