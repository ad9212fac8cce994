-- CreateIndex
CREATE INDEX "Plan_dueAt_idx" ON "Plan"("dueAt");

