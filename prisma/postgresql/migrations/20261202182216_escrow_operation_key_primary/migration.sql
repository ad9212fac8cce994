-- DropIndex
DROP INDEX "EscrowOperationKey_key_requestHash_key";

-- AlterTable
ALTER TABLE "EscrowOperationKey" DROP CONSTRAINT "EscrowOperationKey_pkey",
DROP COLUMN "id",
ADD CONSTRAINT "EscrowOperationKey_pkey" PRIMARY KEY ("key", "requestHash");

