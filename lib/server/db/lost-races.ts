// A transaction that lost a race to another one on the same rows, tried again from its start.
//
// On PostgreSQL several connections write at once: a conditional write finds the row's version
// changed, two transactions open the same new row and one meets the unique index, or the database
// itself rolls one back (a serialization failure or a deadlock). None of these says the request is
// wrong: the same work, begun again, reads what the winner committed and either succeeds or is
// refused for what it really is (a duplicate, a balance too low). On SQLite one writer at a time
// makes them all but impossible. After the last attempt the caller is told to send the request again
// (503 with Retry-After), never 409, which a client takes as a refusal of the request itself.
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/domain/app-error";
import { isLostRace } from "@/lib/server/escrow/errors";
import { isUniqueViolation } from "./unique-violation";

/**
 * Whether a whole transaction failed only because another one changed, created or locked the same
 * rows first: a lost race (a conditional write's ConcurrentUpdate, 40001, 40P01), a unique index
 * met by an insert, or Prisma's codes for them. Unlike an escrow operation's insert, whose unique
 * index answers who holds a key (accept-operation.ts), here an insert's unique index only says that
 * another transaction got there first, and the next attempt reads what it wrote.
 */
export function isRaceToBeginAgain(error: unknown): boolean {
  if (isLostRace(error) || isUniqueViolation(error)) return true;
  // P2034: Prisma's word for PostgreSQL's serialization failure or deadlock.
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2034";
}

export type LostRaceRetries = {
  /** What is tried, for the answer after the last attempt ("the ledger import"). */
  what: string;
  /** Which failures are races to begin again after (isRaceToBeginAgain unless said). */
  isRace?: (error: unknown) => boolean;
  attempts?: number;
  /** The longest wait before an attempt, in ms; each wait is random up to a bound that doubles from 5 ms. */
  maxDelayMs?: number;
  /** Waits `ms` (tests replace it). */
  sleep?: (ms: number) => Promise<void>;
};

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` (one whole transaction) until it does not lose a race, at most `attempts` times. */
export async function retryingLostRaces<T>(attempt: () => Promise<T>, options: LostRaceRetries): Promise<T> {
  const attempts = options.attempts ?? 8;
  const maxDelayMs = options.maxDelayMs ?? 200;
  const sleep = options.sleep ?? sleepFor;
  const isRace = options.isRace ?? isRaceToBeginAgain;
  for (let n = 1; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRace(error)) throw error;
      if (n >= attempts) {
        throw new AppError("UNAVAILABLE", `${options.what} met other changes to the same records ${attempts} times; nothing was changed, send the same request again`, [], {
          retryAfterSeconds: 1,
        });
      }
      // Full jitter: the losers of one race do not meet again at the same moment.
      await sleep(Math.random() * Math.min(maxDelayMs, 5 * 2 ** (n - 1)));
    }
  }
}
