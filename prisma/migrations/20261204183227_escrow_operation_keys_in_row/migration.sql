-- AlterTable
ALTER TABLE "EscrowOperation" ADD COLUMN "boundHeaderKey" TEXT;
ALTER TABLE "EscrowOperation" ADD COLUMN "boundOwnKey" TEXT;
ALTER TABLE "EscrowOperation" ADD COLUMN "headerKey" TEXT;
ALTER TABLE "EscrowOperation" ADD COLUMN "ownKey" TEXT;

-- Copy each operation's keys into its row: the header key is the one that starts "<owner>|header:"
-- (operationKeys, lib/domain/escrow/operation-owner.ts), and an operation has at most one of each kind.
UPDATE "EscrowOperation" SET
  "ownKey" = (SELECT k."key" FROM "EscrowOperationKey" k WHERE k."operationId" = "EscrowOperation"."id" AND substr(k."key", 1, length("EscrowOperation"."owner") + 8) <> "EscrowOperation"."owner" || '|header:' LIMIT 1),
  "boundOwnKey" = (SELECT k."boundKey" FROM "EscrowOperationKey" k WHERE k."operationId" = "EscrowOperation"."id" AND substr(k."key", 1, length("EscrowOperation"."owner") + 8) <> "EscrowOperation"."owner" || '|header:' LIMIT 1),
  "headerKey" = (SELECT k."key" FROM "EscrowOperationKey" k WHERE k."operationId" = "EscrowOperation"."id" AND substr(k."key", 1, length("EscrowOperation"."owner") + 8) = "EscrowOperation"."owner" || '|header:' LIMIT 1),
  "boundHeaderKey" = (SELECT k."boundKey" FROM "EscrowOperationKey" k WHERE k."operationId" = "EscrowOperation"."id" AND substr(k."key", 1, length("EscrowOperation"."owner") + 8) = "EscrowOperation"."owner" || '|header:' LIMIT 1);

-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "EscrowOperationKey";
PRAGMA foreign_keys=on;

-- CreateIndex
CREATE UNIQUE INDEX "EscrowOperation_boundOwnKey_key" ON "EscrowOperation"("boundOwnKey");

-- CreateIndex
CREATE UNIQUE INDEX "EscrowOperation_boundHeaderKey_key" ON "EscrowOperation"("boundHeaderKey");

-- CreateIndex
CREATE UNIQUE INDEX "EscrowOperation_ownKey_requestHash_key" ON "EscrowOperation"("ownKey", "requestHash");

-- CreateIndex
CREATE UNIQUE INDEX "EscrowOperation_headerKey_requestHash_key" ON "EscrowOperation"("headerKey", "requestHash");

