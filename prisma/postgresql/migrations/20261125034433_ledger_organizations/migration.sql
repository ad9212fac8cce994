-- DropIndex
DROP INDEX "Holding_finId_assetType_assetCode_key";

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "currencies" TEXT;

-- AlterTable
ALTER TABLE "Holding" ADD COLUMN     "organizationId" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "LedgerTransaction" ADD COLUMN     "organizationId" TEXT;

-- CreateIndex
CREATE INDEX "Holding_organizationId_finId_idx" ON "Holding"("organizationId", "finId");

-- CreateIndex
CREATE UNIQUE INDEX "Holding_finId_assetType_assetCode_organizationId_key" ON "Holding"("finId", "assetType", "assetCode", "organizationId");

-- CreateIndex
CREATE INDEX "LedgerTransaction_importedAt_id_idx" ON "LedgerTransaction"("importedAt", "id");


-- Holdings written before they named their payment organization: the first payment organization
-- made, which is the built-in escrow (made at the first start, before an admin can register others).
UPDATE "Holding" SET "organizationId" = COALESCE((SELECT "id" FROM "Organization" WHERE "kind" = 'escrow' ORDER BY "createdAt", "id" LIMIT 1), '') WHERE "organizationId" = '';

-- A holding never goes below zero, whoever writes (NOT VALID: rows already below zero are kept for
-- the reconciliation to show, but no write may leave one there).
ALTER TABLE "Holding" ADD CONSTRAINT "Holding_not_negative" CHECK ("balance" NOT LIKE '-%' AND "held" NOT LIKE '-%') NOT VALID;
