-- CreateTable
CREATE TABLE "Certificate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "profileId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "issuanceDate" INTEGER NOT NULL,
    "expirationDate" INTEGER NOT NULL,
    "data" TEXT NOT NULL,
    "createdByUserId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Document" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "profileId" TEXT NOT NULL,
    "certificateId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "storageName" TEXT NOT NULL,
    "uploadedByUserId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ProfileShare" (
    "profileId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "sharedByUserId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("profileId", "organizationId")
);

-- CreateTable
CREATE TABLE "RouterOperation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "callerUserId" TEXT NOT NULL,
    "organizationId" TEXT,
    "request" TEXT NOT NULL,
    "idempotencyKey" TEXT,
    "requestHash" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "remoteCid" TEXT,
    "response" TEXT,
    "errorCode" INTEGER,
    "errorMessage" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "dueAt" DATETIME,
    "claimedUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "completedAt" DATETIME
);

-- CreateTable
CREATE TABLE "UsedNonce" (
    "signer" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "usedBy" TEXT NOT NULL,
    "usedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("signer", "nonce")
);

-- CreateTable
CREATE TABLE "AccountWorkflow" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "profileId" TEXT NOT NULL,
    "account" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "signerFinId" TEXT NOT NULL,
    "signatureTemplate" TEXT NOT NULL,
    "ownershipSignature" TEXT,
    "proofNonce" TEXT,
    "proofRequestHash" TEXT,
    "rejectionReason" TEXT,
    "createdByUserId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "Certificate_profileId_idx" ON "Certificate"("profileId");

-- CreateIndex
CREATE UNIQUE INDEX "Document_storageName_key" ON "Document"("storageName");

-- CreateIndex
CREATE INDEX "Document_certificateId_idx" ON "Document"("certificateId");

-- CreateIndex
CREATE INDEX "Document_profileId_idx" ON "Document"("profileId");

-- CreateIndex
CREATE INDEX "ProfileShare_organizationId_idx" ON "ProfileShare"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "RouterOperation_idempotencyKey_key" ON "RouterOperation"("idempotencyKey");

-- CreateIndex
CREATE INDEX "RouterOperation_status_dueAt_idx" ON "RouterOperation"("status", "dueAt");

-- CreateIndex
CREATE INDEX "RouterOperation_profileId_idx" ON "RouterOperation"("profileId");

-- CreateIndex
CREATE INDEX "RouterOperation_callerUserId_idx" ON "RouterOperation"("callerUserId");

-- CreateIndex
CREATE INDEX "AccountWorkflow_profileId_idx" ON "AccountWorkflow"("profileId");

