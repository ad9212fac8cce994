// Bearer tokens with a limit on guessing (rules: lib/domain/sign-in-limits.ts). A token is looked up
// first, so a valid one is never refused, whoever else fails from the same address; an unknown one
// counts against its client, and past the client's budget is answered 429 until a backoff since the
// client's last failure has passed. Guessing a 256-bit token is hopeless anyway: the limit keeps a
// client from hammering the lookups and marks it in the log.
import { AppError } from "@/lib/domain/app-error";
import { bearerBackoffRemainingMs, clientKey, rememberedFailures } from "@/lib/domain/sign-in-limits";
import { failureBudget, failureStore, RateLimitedError } from "@/lib/server/http/rate-limit";
import { logger } from "@/lib/server/log";
import { bearerToken } from "./api-token";
import type { Principal } from "./principal";
import { cachedPrincipalFromBearer } from "./principal-cache";
import { nowMs } from "@/lib/server/clock";

/** The principal of an Authorization header's bearer token; UNAUTHENTICATED, or RATE_LIMITED for a client past its budget. */
export async function principalFromBearerHeader(header: string, client: string, atMs = nowMs()): Promise<Principal> {
  const token = bearerToken(header);
  const principal = token ? await cachedPrincipalFromBearer(token) : null;
  if (principal) return principal;
  const key = `bearer:client:${clientKey(client)}`;
  const budget = failureBudget();
  const [record] = await failureStore().read([key], atMs);
  const waitMs = bearerBackoffRemainingMs(record, budget, atMs);
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new RateLimitedError(`Too many unknown bearer tokens from this client: try again in ${seconds} s, with a valid token.`, seconds);
  }
  await failureStore().recordFailure([key], atMs);
  if (rememberedFailures(record, budget.memoryMs, atMs) + 1 === budget.clientFreeFailures) {
    logger.warn({ client }, "bearer tokens: a client used up its free failures; its unknown tokens are now answered 429");
  }
  throw new AppError("UNAUTHENTICATED", "The bearer token is missing, malformed, revoked or unknown.");
}
