-- CreateTable
CREATE TABLE "DepositCredit" (
    "ledgerTransactionId" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "finId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" TEXT NOT NULL,
    "creditedAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "DepositCredit_organizationId_reference_idx" ON "DepositCredit"("organizationId", "reference");

-- CreateIndex
CREATE INDEX "RouterOperation_profileId_kind_createdAt_id_idx" ON "RouterOperation"("profileId", "kind", "createdAt", "id");

