-- CreateTable
CREATE TABLE "Asset" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "issuerProfileId" TEXT NOT NULL,
    "createdByUserId" TEXT NOT NULL,
    "denominationCode" TEXT NOT NULL,
    "decimals" INTEGER NOT NULL,
    "requiresKycAml" BOOLEAN NOT NULL DEFAULT false,
    "requiresAccreditation" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Asset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TokenBalance" (
    "id" TEXT NOT NULL,
    "assetId" TEXT NOT NULL,
    "ownerFinId" TEXT NOT NULL,
    "balance" TEXT NOT NULL DEFAULT '0',
    "reserved" TEXT NOT NULL DEFAULT '0',
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TokenBalance_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Intent" (
    "id" TEXT NOT NULL,
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
    "content" TEXT NOT NULL,
    "signatureEndpoint" TEXT,
    "signatureSecretSealed" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Intent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Plan" (
    "id" TEXT NOT NULL,
    "intentId" TEXT NOT NULL,
    "executorUserId" TEXT NOT NULL,
    "buyerFinId" TEXT NOT NULL,
    "sellerFinId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "currentInstructionSequence" INTEGER NOT NULL DEFAULT 0,
    "quantity" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "execution" TEXT NOT NULL,
    "approvals" TEXT NOT NULL DEFAULT '[]',
    "completionEvents" TEXT NOT NULL DEFAULT '[]',
    "counterSignature" TEXT,
    "remoteCid" TEXT,
    "failureReason" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "dueAt" TIMESTAMP(3),
    "claimedUntil" TIMESTAMP(3),
    "stageDeadline" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Plan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SigningRequest" (
    "id" TEXT NOT NULL,
    "planId" TEXT NOT NULL,
    "intentId" TEXT NOT NULL,
    "signerFinId" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "signature" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answeredAt" TIMESTAMP(3),

    CONSTRAINT "SigningRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InboxSigningRequest" (
    "id" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "intentId" TEXT NOT NULL,
    "signer" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'waiting',
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answeredAt" TIMESTAMP(3),

    CONSTRAINT "InboxSigningRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Receipt" (
    "id" TEXT NOT NULL,
    "planId" TEXT,
    "kind" TEXT NOT NULL,
    "assetType" TEXT NOT NULL,
    "assetCode" TEXT NOT NULL,
    "sourceFinId" TEXT,
    "destinationFinId" TEXT,
    "quantity" TEXT NOT NULL,
    "settlementRef" TEXT NOT NULL,
    "transactionId" TEXT NOT NULL,
    "timestamp" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Receipt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EventOutbox" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "audience" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "publishedAt" TIMESTAMP(3),

    CONSTRAINT "EventOutbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Asset_issuerProfileId_idx" ON "Asset"("issuerProfileId");

-- CreateIndex
CREATE UNIQUE INDEX "TokenBalance_assetId_ownerFinId_key" ON "TokenBalance"("assetId", "ownerFinId");

-- CreateIndex
CREATE INDEX "Intent_assetId_status_idx" ON "Intent"("assetId", "status");

-- CreateIndex
CREATE INDEX "Intent_ownerProfileId_idx" ON "Intent"("ownerProfileId");

-- CreateIndex
CREATE INDEX "Plan_status_dueAt_idx" ON "Plan"("status", "dueAt");

-- CreateIndex
CREATE INDEX "Plan_intentId_idx" ON "Plan"("intentId");

-- CreateIndex
CREATE INDEX "Plan_buyerFinId_idx" ON "Plan"("buyerFinId");

-- CreateIndex
CREATE INDEX "Plan_sellerFinId_idx" ON "Plan"("sellerFinId");

-- CreateIndex
CREATE UNIQUE INDEX "SigningRequest_planId_key" ON "SigningRequest"("planId");

-- CreateIndex
CREATE INDEX "InboxSigningRequest_profileId_status_idx" ON "InboxSigningRequest"("profileId", "status");

-- CreateIndex
CREATE INDEX "Receipt_sourceFinId_idx" ON "Receipt"("sourceFinId");

-- CreateIndex
CREATE INDEX "Receipt_destinationFinId_idx" ON "Receipt"("destinationFinId");

-- CreateIndex
CREATE INDEX "Receipt_settlementRef_idx" ON "Receipt"("settlementRef");

-- CreateIndex
CREATE INDEX "Receipt_planId_idx" ON "Receipt"("planId");

-- CreateIndex
CREATE INDEX "EventOutbox_publishedAt_idx" ON "EventOutbox"("publishedAt");

