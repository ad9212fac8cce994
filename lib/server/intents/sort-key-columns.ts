// An intent's amounts and their sort keys (lib/domain/amount-sort-key.ts) are written together, so a
// sorted list can never disagree with the values it shows. Every write of unitValue or
// remainingQuantity goes through these.
import { amountSortKey } from "@/lib/domain/amount-sort-key";

export function unitValueColumns(unitValue: string): { unitValue: string; unitValueSortKey: string } {
  return { unitValue, unitValueSortKey: amountSortKey(unitValue) };
}

export function remainingColumns(remainingQuantity: string): { remainingQuantity: string; remainingSortKey: string } {
  return { remainingQuantity, remainingSortKey: amountSortKey(remainingQuantity) };
}
