-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_EscrowOperationKey" (
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "operationId" TEXT NOT NULL,
    "boundKey" TEXT,

    PRIMARY KEY ("key", "requestHash"),
    CONSTRAINT "EscrowOperationKey_operationId_fkey" FOREIGN KEY ("operationId") REFERENCES "EscrowOperation" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_EscrowOperationKey" ("boundKey", "key", "operationId", "requestHash") SELECT "boundKey", "key", "operationId", "requestHash" FROM "EscrowOperationKey";
DROP TABLE "EscrowOperationKey";
ALTER TABLE "new_EscrowOperationKey" RENAME TO "EscrowOperationKey";
CREATE UNIQUE INDEX "EscrowOperationKey_boundKey_key" ON "EscrowOperationKey"("boundKey");
CREATE INDEX "EscrowOperationKey_operationId_idx" ON "EscrowOperationKey"("operationId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

