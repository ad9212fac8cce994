// The rules that slow down guessing, pure so they are tested without a server (the counters live
// in lib/server/http/rate-limit.ts). Only failures count, per client and per account, and each key
// forgets its failures `memoryMs` after the last one. Past a budget:
//
//  - a password attempt must carry a proof of work (proof-of-work.ts) whose difficulty grows with the
//    excess, two bits (four times the work) each time the excess doubles, within PROOF_BITS. Nobody is
//    refused outright, so failures of others never lock the owner out: the owner's browser does the
//    work and signs in;
//  - an unknown bearer token is answered 429 until a backoff since the client's last failure has
//    passed (1 s, doubling with each further failure, at most 15 minutes). A valid token is always
//    looked up first and never refused.
import { ipv6Groups } from "./ip-address";

export type FailureRecord = { failures: number; lastFailureAtMs: number };

export type FailureBudget = {
  /** Failures a client may make (sign-ins or bearer tokens) before it is slowed down. */
  clientFreeFailures: number;
  /** Failed sign-ins an account may have before every attempt at it needs a proof of work. */
  accountFreeFailures: number;
  /** How long after its last failure a key's failures are forgotten. */
  memoryMs: number;
};

/** 2^14 hashes (a fraction of a second in a browser) at first, up to 2^20 (a few seconds); a challenge is issued two bits above what is needed. */
export const PROOF_BITS = { min: 14, max: 20, headroom: 2 } as const;
export const BEARER_BACKOFF = { firstMs: 1_000, maxMs: 15 * 60_000 } as const;

/** The failures of `record` still remembered at `nowMs`. */
export function rememberedFailures(record: FailureRecord | null | undefined, memoryMs: number, nowMs: number): number {
  if (!record || nowMs - record.lastFailureAtMs >= memoryMs) return 0;
  return record.failures;
}

/** Bits of proof of work an attempt needs: 0 while client and account are within their budgets. */
export function requiredProofBits(clientFailures: number, accountFailures: number, budget: FailureBudget): number {
  const excess = Math.max(clientFailures - budget.clientFreeFailures, accountFailures - budget.accountFreeFailures) + 1;
  if (excess <= 0) return 0;
  return Math.min(PROOF_BITS.max, PROOF_BITS.min + 2 * Math.floor(Math.log2(excess)));
}

/** The difficulty a challenge is issued at: above what is needed now, so that others' failures while the owner works do not outdate it. */
export function issuedProofBits(requiredBits: number): number {
  return requiredBits === 0 ? 0 : Math.min(PROOF_BITS.max, requiredBits + PROOF_BITS.headroom);
}

/** How long a client must wait before another unknown bearer token of its is looked at (0: now). */
export function bearerBackoffRemainingMs(record: FailureRecord | null | undefined, budget: FailureBudget, nowMs: number): number {
  const failures = rememberedFailures(record, budget.memoryMs, nowMs);
  if (!record || failures < budget.clientFreeFailures) return 0;
  const backoffMs = Math.min(BEARER_BACKOFF.maxMs, BEARER_BACKOFF.firstMs * 2 ** (failures - budget.clientFreeFailures));
  return Math.max(0, record.lastFailureAtMs + backoffMs - nowMs);
}

/**
 * The key a client's failures are counted under: its IPv4 address, or the /64 network of an IPv6
 * address (one subscriber usually holds a whole /64, so counting single addresses would be no limit).
 */
export function clientKey(address: string): string {
  const plain = address.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  if (plain.startsWith("::ffff:") && !plain.slice(7).includes(":")) return plain.slice(7);
  const groups = ipv6Groups(plain);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : plain;
}
