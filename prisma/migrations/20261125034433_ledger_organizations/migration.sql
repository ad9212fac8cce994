-- AlterTable
ALTER TABLE "Organization" ADD COLUMN "currencies" TEXT;

-- AlterTable
ALTER TABLE "LedgerTransaction" ADD COLUMN "organizationId" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Holding" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "finId" TEXT NOT NULL,
    "assetType" TEXT NOT NULL,
    "assetCode" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL DEFAULT '',
    "balance" TEXT NOT NULL DEFAULT '0',
    "held" TEXT NOT NULL DEFAULT '0',
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Holding" ("assetCode", "assetType", "balance", "finId", "held", "id", "updatedAt", "version") SELECT "assetCode", "assetType", "balance", "finId", "held", "id", "updatedAt", "version" FROM "Holding";
DROP TABLE "Holding";
ALTER TABLE "new_Holding" RENAME TO "Holding";
CREATE INDEX "Holding_organizationId_finId_idx" ON "Holding"("organizationId", "finId");
CREATE UNIQUE INDEX "Holding_finId_assetType_assetCode_organizationId_key" ON "Holding"("finId", "assetType", "assetCode", "organizationId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "LedgerTransaction_importedAt_id_idx" ON "LedgerTransaction"("importedAt", "id");


-- Holdings written before they named their payment organization: the first payment organization
-- made, which is the built-in escrow (made at the first start, before an admin can register others).
UPDATE "Holding" SET "organizationId" = COALESCE((SELECT "id" FROM "Organization" WHERE "kind" = 'escrow' ORDER BY "createdAt", "id" LIMIT 1), '') WHERE "organizationId" = '';

-- A holding never goes below zero, whoever writes (rows already below zero are kept for the
-- reconciliation to show, but no write may leave one there).
CREATE TRIGGER "Holding_not_negative_insert" BEFORE INSERT ON "Holding"
WHEN NEW."balance" LIKE '-%' OR NEW."held" LIKE '-%'
BEGIN
    SELECT RAISE(ABORT, 'Holding_not_negative: a holding cannot go below zero');
END;

CREATE TRIGGER "Holding_not_negative_update" BEFORE UPDATE ON "Holding"
WHEN NEW."balance" LIKE '-%' OR NEW."held" LIKE '-%'
BEGIN
    SELECT RAISE(ABORT, 'Holding_not_negative: a holding cannot go below zero');
END;
