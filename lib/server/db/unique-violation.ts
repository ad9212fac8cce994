import { Prisma } from "@/lib/generated/prisma/client";

/** Prisma's answer when an insert hits a unique index (P2002): usually the same request twice at once. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}
