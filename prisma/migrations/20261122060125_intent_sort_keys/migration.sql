-- Sort keys of lib/domain/amount-sort-key.ts for the intents already stored: the integer part
-- left-padded to 18 digits, the fraction right-padded to 18 (amounts are canonical decimal strings).
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Intent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "assetId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "start" INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    "ownerProfileId" TEXT NOT NULL,
    "createdByUserId" TEXT NOT NULL,
    "amount" TEXT NOT NULL,
    "remainingQuantity" TEXT NOT NULL,
    "unitValue" TEXT NOT NULL,
    "unitValueSortKey" TEXT NOT NULL,
    "remainingSortKey" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "signatureEndpoint" TEXT,
    "signatureSecretSealed" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Intent" ("amount", "assetId", "content", "createdAt", "createdByUserId", "end", "id", "ownerProfileId", "remainingQuantity", "signatureEndpoint", "signatureSecretSealed", "start", "status", "type", "unitValue", "updatedAt", "version", "unitValueSortKey", "remainingSortKey") SELECT "amount", "assetId", "content", "createdAt", "createdByUserId", "end", "id", "ownerProfileId", "remainingQuantity", "signatureEndpoint", "signatureSecretSealed", "start", "status", "type", "unitValue", "updatedAt", "version",
    substr('000000000000000000' || CASE WHEN instr("unitValue", '.') > 0 THEN substr("unitValue", 1, instr("unitValue", '.') - 1) ELSE "unitValue" END, -18, 18) || substr(CASE WHEN instr("unitValue", '.') > 0 THEN substr("unitValue", instr("unitValue", '.') + 1) ELSE '' END || '000000000000000000', 1, 18),
    substr('000000000000000000' || CASE WHEN instr("remainingQuantity", '.') > 0 THEN substr("remainingQuantity", 1, instr("remainingQuantity", '.') - 1) ELSE "remainingQuantity" END, -18, 18) || substr(CASE WHEN instr("remainingQuantity", '.') > 0 THEN substr("remainingQuantity", instr("remainingQuantity", '.') + 1) ELSE '' END || '000000000000000000', 1, 18)
FROM "Intent";
DROP TABLE "Intent";
ALTER TABLE "new_Intent" RENAME TO "Intent";
CREATE INDEX "Intent_assetId_status_idx" ON "Intent"("assetId", "status");
CREATE INDEX "Intent_ownerProfileId_idx" ON "Intent"("ownerProfileId");
CREATE INDEX "Intent_createdAt_id_idx" ON "Intent"("createdAt", "id");
CREATE INDEX "Intent_unitValueSortKey_id_idx" ON "Intent"("unitValueSortKey", "id");
CREATE INDEX "Intent_remainingSortKey_id_idx" ON "Intent"("remainingSortKey", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

