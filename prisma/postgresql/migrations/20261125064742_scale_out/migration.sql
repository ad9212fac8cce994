-- AlterTable
ALTER TABLE "EventOutbox" ADD COLUMN     "sequence" BIGINT;

-- CreateTable
CREATE TABLE "AuthFailure" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "lastFailureAtMs" BIGINT NOT NULL,

    CONSTRAINT "AuthFailure_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "AuthClaim" (
    "id" TEXT NOT NULL,
    "expiresAtMs" BIGINT NOT NULL,

    CONSTRAINT "AuthClaim_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuthFailure_lastFailureAtMs_idx" ON "AuthFailure"("lastFailureAtMs");

-- CreateIndex
CREATE INDEX "AuthClaim_expiresAtMs_idx" ON "AuthClaim"("expiresAtMs");

-- CreateIndex
CREATE UNIQUE INDEX "EventOutbox_sequence_key" ON "EventOutbox"("sequence");

