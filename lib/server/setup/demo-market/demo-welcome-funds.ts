// Money waiting for the demo investors, so a first purchase takes a minute: the seed offers it (one
// row per demo investor), and the investor's first profile claims it. The claim is a conditional
// write (claimedAt still null), so it happens once whatever runs at the same time; the money then
// arrives as any deposit does (demo-deposits.ts): deposit instructions for the new profile, recorded
// by the demo operator, reported by the escrow to the router's holdings within a moment.
import { env } from "@/lib/env";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { logger } from "@/lib/server/log";
import { demoOperator, depositThroughEscrow } from "./demo-deposits";

/** Offers `amount` USD to every demo investor; answers how many. */
export async function offerDemoWelcomeFunds(amount: string): Promise<number> {
  const investors = await db.user.findMany({ where: { demo: true, role: "investor", disabledAt: null }, select: { id: true } });
  for (const { id } of investors) await db.demoWelcomeFunds.create({ data: { userId: id, currency: "USD", amount } });
  return investors.length;
}

/**
 * After `caller` made a new profile: the demo money waiting for it, if any, is deposited to that
 * profile. Never for a server reached beyond this machine. A failure gives the offer back (it is
 * claimed again by the next new profile) and never fails the profile's creation.
 */
export async function claimDemoWelcomeFunds(caller: Principal, profile: { id: string; finId: string }, requestId: string): Promise<void> {
  if (!env.SEED_DEMO_DATA) return;
  const { count } = await db.demoWelcomeFunds.updateMany({ where: { userId: caller.userId, claimedAt: null }, data: { claimedAt: new Date(), profileId: profile.id } });
  if (count !== 1) return;
  const offer = await db.demoWelcomeFunds.findUniqueOrThrow({ where: { userId: caller.userId } });
  try {
    const operator = await demoOperator();
    if (!operator) throw new Error("there is no enabled demo escrow operator to record the money");
    await depositThroughEscrow(caller, profile.id, profile.finId, offer.amount, operator, `demo-welcome:${caller.userId}`, requestId);
    await db.$transaction(async (tx) =>
      recordAudit(tx, { actorUserId: caller.userId, action: "demo.welcome-funds.deposited", subjectType: "profile", subjectId: profile.id, requestId, details: { amount: offer.amount, currency: offer.currency } }),
    );
  } catch (error) {
    logger.error({ err: error, userId: caller.userId, profileId: profile.id }, "the demo money waiting for this investor could not be deposited; it waits for the next new profile");
    await db.demoWelcomeFunds.updateMany({ where: { userId: caller.userId, profileId: profile.id }, data: { claimedAt: null, profileId: null } });
  }
}
