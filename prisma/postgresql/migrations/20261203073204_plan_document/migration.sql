-- CreateTable
CREATE TABLE "PlanDocument" (
    "planId" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "execution" TEXT NOT NULL,

    CONSTRAINT "PlanDocument_pkey" PRIMARY KEY ("planId")
);

-- Each existing plan's document and execution kept in its new row (added by hand to Prisma's diff,
-- which dropped the columns first)
INSERT INTO "PlanDocument" ("planId", "content", "execution") SELECT "id", "content", "execution" FROM "Plan";

-- AlterTable
ALTER TABLE "Plan" DROP COLUMN "content",
DROP COLUMN "execution";

-- AddForeignKey
ALTER TABLE "PlanDocument" ADD CONSTRAINT "PlanDocument_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan"("id") ON DELETE CASCADE ON UPDATE CASCADE;
