-- CreateTable
CREATE TABLE "EscrowAccount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "ownerFinId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "balance" TEXT NOT NULL DEFAULT '0',
    "held" TEXT NOT NULL DEFAULT '0',
    "available" TEXT NOT NULL DEFAULT '0',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "EscrowJournalEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "causeId" TEXT NOT NULL,
    "memo" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "EscrowPosting" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "entryId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "bucket" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" TEXT NOT NULL,
    CONSTRAINT "EscrowPosting_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "EscrowJournalEntry" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "EscrowPosting_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "EscrowAccount" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EscrowDepositInstruction" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "reference" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "ownerFinId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" TEXT NOT NULL,
    "details" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "EscrowIncomingFunds" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "reference" TEXT NOT NULL,
    "amount" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "journalEntryId" TEXT NOT NULL,
    "idempotencyKey" TEXT,
    "requestHash" TEXT NOT NULL,
    "recordedBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "EscrowOperation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "operationKey" TEXT,
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

-- CreateTable
CREATE TABLE "EscrowHold" (
    "id" TEXT NOT NULL PRIMARY KEY,
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

-- CreateTable
CREATE TABLE "EscrowOutbox" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedUntil" DATETIME,
    "lastError" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" DATETIME
);

-- CreateTable
CREATE TABLE "EscrowConfig" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "routerTokenSealed" TEXT,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "EscrowAccount_ownerFinId_currency_key" ON "EscrowAccount"("ownerFinId", "currency");

-- CreateIndex
CREATE INDEX "EscrowJournalEntry_causeId_idx" ON "EscrowJournalEntry"("causeId");

-- CreateIndex
CREATE INDEX "EscrowPosting_entryId_idx" ON "EscrowPosting"("entryId");

-- CreateIndex
CREATE INDEX "EscrowPosting_accountId_idx" ON "EscrowPosting"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "EscrowDepositInstruction_reference_key" ON "EscrowDepositInstruction"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "EscrowIncomingFunds_idempotencyKey_key" ON "EscrowIncomingFunds"("idempotencyKey");

-- CreateIndex
CREATE INDEX "EscrowIncomingFunds_reference_idx" ON "EscrowIncomingFunds"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "EscrowOperation_operationKey_key" ON "EscrowOperation"("operationKey");

-- CreateIndex
CREATE UNIQUE INDEX "EscrowOperation_consumedSignature_key" ON "EscrowOperation"("consumedSignature");

-- CreateIndex
CREATE INDEX "EscrowOperation_status_dueAt_idx" ON "EscrowOperation"("status", "dueAt");

-- CreateIndex
CREATE UNIQUE INDEX "EscrowHold_operationId_key" ON "EscrowHold"("operationId");

-- CreateIndex
CREATE UNIQUE INDEX "EscrowHold_holdCid_key" ON "EscrowHold"("holdCid");

-- CreateIndex
CREATE INDEX "EscrowHold_status_expiry_idx" ON "EscrowHold"("status", "expiry");

-- CreateIndex
CREATE INDEX "EscrowOutbox_status_nextAttemptAt_idx" ON "EscrowOutbox"("status", "nextAttemptAt");

