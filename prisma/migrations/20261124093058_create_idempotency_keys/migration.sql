-- AlterTable
ALTER TABLE "Asset" ADD COLUMN "idempotencyKey" TEXT;
ALTER TABLE "Asset" ADD COLUMN "requestHash" TEXT;

-- AlterTable
ALTER TABLE "Intent" ADD COLUMN "idempotencyKey" TEXT;
ALTER TABLE "Intent" ADD COLUMN "requestHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Asset_idempotencyKey_key" ON "Asset"("idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "Intent_idempotencyKey_key" ON "Intent"("idempotencyKey");

