-- AlterTable
ALTER TABLE "RouterOperation" ADD COLUMN     "headerKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "RouterOperation_headerKey_key" ON "RouterOperation"("headerKey");

