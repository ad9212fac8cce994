-- AlterTable
ALTER TABLE "SigningRequest" ADD COLUMN "declineReason" TEXT;

