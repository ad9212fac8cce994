-- AlterTable
ALTER TABLE "EventOutbox" ADD COLUMN "sequence" BIGINT;

-- CreateTable
CREATE TABLE "AuthFailure" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "failures" INTEGER NOT NULL,
    "lastFailureAtMs" BIGINT NOT NULL
);

-- CreateTable
CREATE TABLE "AuthClaim" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "expiresAtMs" BIGINT NOT NULL
);

-- CreateIndex
CREATE INDEX "AuthFailure_lastFailureAtMs_idx" ON "AuthFailure"("lastFailureAtMs");

-- CreateIndex
CREATE INDEX "AuthClaim_expiresAtMs_idx" ON "AuthClaim"("expiresAtMs");

-- CreateIndex
CREATE UNIQUE INDEX "EventOutbox_sequence_key" ON "EventOutbox"("sequence");

