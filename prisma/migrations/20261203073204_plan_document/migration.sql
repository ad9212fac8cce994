-- CreateTable
CREATE TABLE "PlanDocument" (
    "planId" TEXT NOT NULL PRIMARY KEY,
    "content" TEXT NOT NULL,
    "execution" TEXT NOT NULL,
    CONSTRAINT "PlanDocument_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Each existing plan's document and execution kept in its new row (added by hand to Prisma's diff)
INSERT INTO "PlanDocument" ("planId", "content", "execution") SELECT "id", "content", "execution" FROM "Plan";

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Plan" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "intentId" TEXT NOT NULL,
    "executorUserId" TEXT NOT NULL,
    "buyerFinId" TEXT NOT NULL,
    "sellerFinId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "currentInstructionSequence" INTEGER NOT NULL DEFAULT 0,
    "quantity" TEXT NOT NULL,
    "approvals" TEXT NOT NULL DEFAULT '[]',
    "completionEvents" TEXT NOT NULL DEFAULT '[]',
    "counterSignature" TEXT,
    "remoteCid" TEXT,
    "failureReason" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "dueAt" DATETIME,
    "claimedUntil" DATETIME,
    "stageDeadline" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME
);
INSERT INTO "new_Plan" ("approvals", "attempts", "buyerFinId", "claimedUntil", "completionEvents", "counterSignature", "createdAt", "currentInstructionSequence", "dueAt", "executorUserId", "failureReason", "finishedAt", "id", "intentId", "lastError", "quantity", "remoteCid", "sellerFinId", "stage", "stageDeadline", "status", "updatedAt") SELECT "approvals", "attempts", "buyerFinId", "claimedUntil", "completionEvents", "counterSignature", "createdAt", "currentInstructionSequence", "dueAt", "executorUserId", "failureReason", "finishedAt", "id", "intentId", "lastError", "quantity", "remoteCid", "sellerFinId", "stage", "stageDeadline", "status", "updatedAt" FROM "Plan";
DROP TABLE "Plan";
ALTER TABLE "new_Plan" RENAME TO "Plan";
CREATE INDEX "Plan_dueAt_idx" ON "Plan"("dueAt");
CREATE INDEX "Plan_status_dueAt_idx" ON "Plan"("status", "dueAt");
CREATE INDEX "Plan_intentId_idx" ON "Plan"("intentId");
CREATE INDEX "Plan_buyerFinId_idx" ON "Plan"("buyerFinId");
CREATE INDEX "Plan_sellerFinId_idx" ON "Plan"("sellerFinId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

