-- Comments here hold no semicolons or quotes: the migration runner splits statements on them.
-- CreateTable
CREATE TABLE "EscrowOperationKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "operationId" TEXT NOT NULL,
    "boundKey" TEXT,
    CONSTRAINT "EscrowOperationKey_operationId_fkey" FOREIGN KEY ("operationId") REFERENCES "EscrowOperation" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- Every operation key, now scoped to its owner (the caller organization, or the caller when it
-- acts for none), a deposit instruction legacy header key becomes a header key. A refused
-- operation moved nothing: it binds no key.
INSERT INTO "EscrowOperationKey" ("id", "key", "requestHash", "operationId", "boundKey")
SELECT o."id", COALESCE((SELECT 'org:' || u."organizationId" FROM "User" u WHERE u."id" = o."callerUserId"), 'user:' || o."callerUserId") || '|' || CASE WHEN o."operationKey" LIKE 'depositInstruction:key:%' THEN 'header:' || substr(o."operationKey", length('depositInstruction:key:') + length(o."callerUserId") + 2) ELSE o."operationKey" END, o."requestHash", o."id",
       CASE WHEN o."status" = 'failed' THEN NULL ELSE COALESCE((SELECT 'org:' || u."organizationId" FROM "User" u WHERE u."id" = o."callerUserId"), 'user:' || o."callerUserId") || '|' || CASE WHEN o."operationKey" LIKE 'depositInstruction:key:%' THEN 'header:' || substr(o."operationKey", length('depositInstruction:key:') + length(o."callerUserId") + 2) ELSE o."operationKey" END END
FROM "EscrowOperation" o WHERE o."operationKey" IS NOT NULL;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_EscrowIncomingFunds" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "reference" TEXT NOT NULL,
    "amount" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "journalEntryId" TEXT,
    "idempotencyKey" TEXT,
    "requestHash" TEXT NOT NULL,
    "recordedBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status" TEXT NOT NULL DEFAULT 'CREDITED',
    "expectedAmount" TEXT NOT NULL,
    "flagged" BOOLEAN NOT NULL DEFAULT false,
    "decidedBy" TEXT,
    "decidedAt" DATETIME,
    "declineReason" TEXT
);
-- Credits recorded so far were credited at once, what their deposit instruction expected is kept beside them.
INSERT INTO "new_EscrowIncomingFunds" ("accountId", "amount", "createdAt", "currency", "expectedAmount", "id", "idempotencyKey", "journalEntryId", "recordedBy", "reference", "requestHash") SELECT f."accountId", f."amount", f."createdAt", f."currency", COALESCE((SELECT d."amount" FROM "EscrowDepositInstruction" d WHERE d."reference" = f."reference"), f."amount"), f."id", f."idempotencyKey", f."journalEntryId", f."recordedBy", f."reference", f."requestHash" FROM "EscrowIncomingFunds" f;
DROP TABLE "EscrowIncomingFunds";
ALTER TABLE "new_EscrowIncomingFunds" RENAME TO "EscrowIncomingFunds";
CREATE UNIQUE INDEX "EscrowIncomingFunds_idempotencyKey_key" ON "EscrowIncomingFunds"("idempotencyKey");
CREATE INDEX "EscrowIncomingFunds_reference_idx" ON "EscrowIncomingFunds"("reference");
CREATE INDEX "EscrowIncomingFunds_status_createdAt_idx" ON "EscrowIncomingFunds"("status", "createdAt");
CREATE TABLE "new_EscrowOperation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "consumedSignature" TEXT,
    "requestHash" TEXT NOT NULL,
    "request" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "response" TEXT,
    "errorCode" INTEGER,
    "errorMessage" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "dueAt" DATETIME NOT NULL,
    "claimedUntil" DATETIME,
    "lastError" TEXT,
    "callerUserId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" DATETIME
);
-- The owner from the caller, a refused operation consumed no signature.
INSERT INTO "new_EscrowOperation" ("attempts", "callerUserId", "claimedUntil", "completedAt", "consumedSignature", "createdAt", "dueAt", "errorCode", "errorMessage", "id", "kind", "lastError", "owner", "request", "requestHash", "response", "status") SELECT o."attempts", o."callerUserId", o."claimedUntil", o."completedAt", CASE WHEN o."status" = 'failed' THEN NULL ELSE o."consumedSignature" END, o."createdAt", o."dueAt", o."errorCode", o."errorMessage", o."id", o."kind", o."lastError", COALESCE((SELECT 'org:' || u."organizationId" FROM "User" u WHERE u."id" = o."callerUserId"), 'user:' || o."callerUserId"), o."request", o."requestHash", o."response", o."status" FROM "EscrowOperation" o;
DROP TABLE "EscrowOperation";
ALTER TABLE "new_EscrowOperation" RENAME TO "EscrowOperation";
CREATE UNIQUE INDEX "EscrowOperation_consumedSignature_key" ON "EscrowOperation"("consumedSignature");
CREATE INDEX "EscrowOperation_status_dueAt_idx" ON "EscrowOperation"("status", "dueAt");
CREATE TABLE "new_EscrowHold" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "owner" TEXT NOT NULL,
    "operationId" TEXT NOT NULL,
    "holdCid" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "ownerFinId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "quantity" TEXT NOT NULL,
    "expiry" INTEGER NOT NULL,
    "executionPlanId" TEXT NOT NULL,
    "signedDestination" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'HELD',
    "releasedToFinId" TEXT,
    "settledByCid" TEXT,
    "settlementEntryId" TEXT,
    "settledAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
-- A hold belongs to the owner of the operation that made it.
INSERT INTO "new_EscrowHold" ("accountId", "createdAt", "currency", "executionPlanId", "expiry", "holdCid", "id", "operationId", "owner", "ownerFinId", "quantity", "releasedToFinId", "settledAt", "settledByCid", "settlementEntryId", "signedDestination", "status") SELECT h."accountId", h."createdAt", h."currency", h."executionPlanId", h."expiry", h."holdCid", h."id", h."operationId", COALESCE((SELECT o."owner" FROM "EscrowOperation" o WHERE o."id" = h."holdCid"), 'unknown'), h."ownerFinId", h."quantity", h."releasedToFinId", h."settledAt", h."settledByCid", h."settlementEntryId", h."signedDestination", h."status" FROM "EscrowHold" h;
DROP TABLE "EscrowHold";
ALTER TABLE "new_EscrowHold" RENAME TO "EscrowHold";
CREATE UNIQUE INDEX "EscrowHold_holdCid_key" ON "EscrowHold"("holdCid");
CREATE INDEX "EscrowHold_status_expiry_idx" ON "EscrowHold"("status", "expiry");
CREATE UNIQUE INDEX "EscrowHold_owner_operationId_key" ON "EscrowHold"("owner", "operationId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "EscrowOperationKey_boundKey_key" ON "EscrowOperationKey"("boundKey");

-- CreateIndex
CREATE INDEX "EscrowOperationKey_operationId_idx" ON "EscrowOperationKey"("operationId");

-- CreateIndex
CREATE UNIQUE INDEX "EscrowOperationKey_key_requestHash_key" ON "EscrowOperationKey"("key", "requestHash");

