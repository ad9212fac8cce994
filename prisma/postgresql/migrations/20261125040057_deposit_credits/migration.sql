-- CreateTable
CREATE TABLE "DepositCredit" (
    "ledgerTransactionId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "finId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" TEXT NOT NULL,
    "creditedAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DepositCredit_pkey" PRIMARY KEY ("ledgerTransactionId")
);

-- CreateIndex
CREATE INDEX "DepositCredit_organizationId_reference_idx" ON "DepositCredit"("organizationId", "reference");

-- CreateIndex
CREATE INDEX "RouterOperation_profileId_kind_createdAt_id_idx" ON "RouterOperation"("profileId", "kind", "createdAt", "id");

