// The shown statuses of lib/domain/intent-status.ts as database filters, so a list filtered by status
// pages correctly. A remaining quantity is zero exactly when its string has no digit 1-9 in it.
import type { IntentStatus } from "@/lib/schemas/intent";
import type { Prisma } from "@/lib/generated/prisma/client";

const NON_ZERO_DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];

export const remainingNonZero: Prisma.IntentWhereInput = {
  OR: NON_ZERO_DIGITS.map((digit) => ({ remainingQuantity: { contains: digit } })),
};

const remainingZero: Prisma.IntentWhereInput = {
  AND: NON_ZERO_DIGITS.map((digit) => ({ NOT: { remainingQuantity: { contains: digit } } })),
};

/** Intents shown with `status` at `now`; ACTIVE means executable now (stored ACTIVE, inside [start, end], something remaining). */
export function intentStatusWhere(status: IntentStatus, now: number): Prisma.IntentWhereInput {
  switch (status) {
    case "ACTIVE":
      return { AND: [{ status: "ACTIVE", start: { lte: now }, end: { gte: now } }, remainingNonZero] };
    case "NON_ACTIVE":
      return { AND: [{ status: "NON_ACTIVE", end: { gte: now } }, remainingNonZero] };
    case "EXPIRED":
      return { AND: [{ status: { in: ["ACTIVE", "NON_ACTIVE"] }, end: { lt: now } }, remainingNonZero] };
    case "COMPLETED":
      return { OR: [{ status: "COMPLETED" }, remainingZero] };
  }
}
