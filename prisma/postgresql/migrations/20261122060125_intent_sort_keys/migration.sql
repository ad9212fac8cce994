-- AlterTable: the sort keys of lib/domain/amount-sort-key.ts, filled in for the intents already
-- stored (the integer part left-padded to 18 digits, the fraction right-padded to 18), then required.
ALTER TABLE "Intent" ADD COLUMN     "remainingSortKey" TEXT,
ADD COLUMN     "unitValueSortKey" TEXT;

UPDATE "Intent" SET
    "unitValueSortKey" = lpad(split_part("unitValue", '.', 1), 18, '0') || rpad(split_part("unitValue", '.', 2), 18, '0'),
    "remainingSortKey" = lpad(split_part("remainingQuantity", '.', 1), 18, '0') || rpad(split_part("remainingQuantity", '.', 2), 18, '0');

ALTER TABLE "Intent" ALTER COLUMN "remainingSortKey" SET NOT NULL,
ALTER COLUMN "unitValueSortKey" SET NOT NULL;

-- CreateIndex
CREATE INDEX "Intent_createdAt_id_idx" ON "Intent"("createdAt", "id");

-- CreateIndex
CREATE INDEX "Intent_unitValueSortKey_id_idx" ON "Intent"("unitValueSortKey", "id");

-- CreateIndex
CREATE INDEX "Intent_remainingSortKey_id_idx" ON "Intent"("remainingSortKey", "id");

