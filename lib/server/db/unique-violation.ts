import { Prisma } from "@/lib/generated/prisma/client";
import { isSqlUniqueViolation } from "./sql";

/** An insert that hit a unique index, through Prisma (P2002) or the typed-SQL path: usually the same request twice at once. */
export function isUniqueViolation(error: unknown): boolean {
  return (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") || isSqlUniqueViolation(error);
}
