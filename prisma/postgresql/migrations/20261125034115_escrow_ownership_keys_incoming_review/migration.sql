-- Comments here hold no semicolons or quotes: the migration runner splits statements on them.
-- CreateTable: the keys table first, so the operations keys move into it before their column goes.
CREATE TABLE "EscrowOperationKey" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "operationId" TEXT NOT NULL,
    "boundKey" TEXT,

    CONSTRAINT "EscrowOperationKey_pkey" PRIMARY KEY ("id")
);

-- AlterTable: every operation belongs to its caller organization (or the caller, when it acts
-- for none), a refused operation consumed no signature.
ALTER TABLE "EscrowOperation" ADD COLUMN     "owner" TEXT;
UPDATE "EscrowOperation" o SET "owner" = COALESCE((SELECT 'org:' || u."organizationId" FROM "User" u WHERE u."id" = o."callerUserId"), 'user:' || o."callerUserId");
UPDATE "EscrowOperation" SET "consumedSignature" = NULL WHERE "status" = 'failed';

-- Every operation key, now scoped to its owner, a deposit instruction legacy header key becomes
-- a header key. A refused operation moved nothing: it binds no key.
INSERT INTO "EscrowOperationKey" ("id", "key", "requestHash", "operationId", "boundKey")
SELECT o."id", o."owner" || '|' || CASE WHEN o."operationKey" LIKE 'depositInstruction:key:%' THEN 'header:' || substr(o."operationKey", length('depositInstruction:key:') + length(o."callerUserId") + 2) ELSE o."operationKey" END, o."requestHash", o."id",
       CASE WHEN o."status" = 'failed' THEN NULL ELSE o."owner" || '|' || CASE WHEN o."operationKey" LIKE 'depositInstruction:key:%' THEN 'header:' || substr(o."operationKey", length('depositInstruction:key:') + length(o."callerUserId") + 2) ELSE o."operationKey" END END
FROM "EscrowOperation" o WHERE o."operationKey" IS NOT NULL;

-- DropIndex
DROP INDEX "EscrowOperation_operationKey_key";

-- AlterTable
ALTER TABLE "EscrowOperation" DROP COLUMN "operationKey",
ALTER COLUMN "owner" SET NOT NULL;

-- AlterTable: a hold belongs to the owner of the operation that made it.
ALTER TABLE "EscrowHold" ADD COLUMN     "owner" TEXT;
UPDATE "EscrowHold" h SET "owner" = COALESCE((SELECT o."owner" FROM "EscrowOperation" o WHERE o."id" = h."holdCid"), 'unknown');
ALTER TABLE "EscrowHold" ALTER COLUMN "owner" SET NOT NULL;

-- DropIndex
DROP INDEX "EscrowHold_operationId_key";

-- AlterTable: credits recorded so far were credited at once, what their deposit instruction
-- expected is kept beside them.
ALTER TABLE "EscrowIncomingFunds" ADD COLUMN     "decidedAt" TIMESTAMP(3),
ADD COLUMN     "decidedBy" TEXT,
ADD COLUMN     "declineReason" TEXT,
ADD COLUMN     "expectedAmount" TEXT,
ADD COLUMN     "flagged" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'CREDITED',
ALTER COLUMN "journalEntryId" DROP NOT NULL;
UPDATE "EscrowIncomingFunds" f SET "expectedAmount" = COALESCE((SELECT d."amount" FROM "EscrowDepositInstruction" d WHERE d."reference" = f."reference"), f."amount");
ALTER TABLE "EscrowIncomingFunds" ALTER COLUMN "expectedAmount" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "EscrowOperationKey_boundKey_key" ON "EscrowOperationKey"("boundKey");

-- CreateIndex
CREATE INDEX "EscrowOperationKey_operationId_idx" ON "EscrowOperationKey"("operationId");

-- CreateIndex
CREATE UNIQUE INDEX "EscrowOperationKey_key_requestHash_key" ON "EscrowOperationKey"("key", "requestHash");

-- CreateIndex
CREATE INDEX "EscrowIncomingFunds_status_createdAt_idx" ON "EscrowIncomingFunds"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "EscrowHold_owner_operationId_key" ON "EscrowHold"("owner", "operationId");

-- AddForeignKey
ALTER TABLE "EscrowOperationKey" ADD CONSTRAINT "EscrowOperationKey_operationId_fkey" FOREIGN KEY ("operationId") REFERENCES "EscrowOperation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
