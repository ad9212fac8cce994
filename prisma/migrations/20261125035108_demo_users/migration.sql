-- AlterTable: a plain added column rather than Prisma's table rebuild, so that migrations of other
-- branches that rebuild "User" keep their own columns and this one.
ALTER TABLE "User" ADD COLUMN "demo" BOOLEAN NOT NULL DEFAULT false;
