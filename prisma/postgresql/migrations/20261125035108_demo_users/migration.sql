-- AlterTable
ALTER TABLE "User" ADD COLUMN     "demo" BOOLEAN NOT NULL DEFAULT false;

