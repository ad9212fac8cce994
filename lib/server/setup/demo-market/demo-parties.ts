// The demo market's people: users who never sign in (no password), each with a profile of a key made
// from the fixed seed (kept sealed for the demo market's signer), certificates and, for traders,
// money deposited through the built-in escrow (demo-deposits.ts).
import { randomUUID } from "node:crypto";
import { demoMarketPrivateKey, type DemoParty } from "@/lib/domain/demo-market-script";
import { getFinId, signHash } from "@/lib/domain/secp256k1";
import { profileProofHash } from "@/lib/domain/signature-template";
import type { Role } from "@/lib/domain/roles";
import { env } from "@/lib/env";
import { certificateSchema } from "@/lib/schemas/certificate";
import { createOwnerProfileRequestSchema } from "@/lib/schemas/profile";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { principalFromUserId, type Principal } from "@/lib/server/auth/principal";
import { attachCertificate } from "@/lib/server/certificates/attach-certificate";
import { sealSecret } from "@/lib/server/crypto/secret-box";
import { db } from "@/lib/server/db/client";
import { createOwnerProfile } from "@/lib/server/profiles/create-owner-profile";

export const DEMO_MARKET_KEY_PURPOSE = "demo-market-key";
/** The request id the demo market's writes carry in the audit log. */
export const SEED_REQUEST_ID = "seed-demo-market";

export type DemoMarketParty = { principal: Principal; profileId: string; finId: string; privateKey: string; name: string };

const YEAR_SECONDS = 365 * 86_400;

/** A user of the demo market (no password: it never signs in), its profile and its sealed key. */
export async function createDemoMarketParty(party: DemoParty, role: Role): Promise<DemoMarketParty> {
  const userId = randomUUID();
  await db.$transaction(async (tx) => {
    await tx.user.create({ data: { id: userId, email: party.email, name: party.name, role } });
    await recordAudit(tx, { actorUserId: null, action: "user.created", subjectType: "user", subjectId: userId, requestId: SEED_REQUEST_ID, details: { role, demoMarket: true } });
  });
  const principal = await principalFromUserId(userId);
  if (!principal) throw new Error(`the demo market's user ${party.email} cannot act`);
  const privateKey = demoMarketPrivateKey(party.label);
  const finId = getFinId(privateKey);
  const body = createOwnerProfileRequestSchema.parse({ publicKey: finId, signature: signHash(profileProofHash(finId), privateKey) });
  const profileId = (await createOwnerProfile(body, principal, SEED_REQUEST_ID)).response.id;
  await db.demoMarketKey.create({ data: { profileId, finId, privateKeySealed: sealSecret(privateKey, env.AUTH_SECRET, DEMO_MARKET_KEY_PURPOSE) } });
  return { principal, profileId, finId, privateKey, name: party.name };
}

/** A certificate valid from a year before `nowSeconds` for ten years, attached as its owner would. */
export async function attachDemoCertificate(party: DemoMarketParty, type: "ownerInfo" | "KYC/AML", data: Record<string, unknown>, nowSeconds: number): Promise<string> {
  const certificate = certificateSchema.parse({ type, issuanceDate: nowSeconds - YEAR_SECONDS, expirationDate: nowSeconds + 10 * YEAR_SECONDS, data: JSON.stringify(data) });
  return (await attachCertificate(party.profileId, certificate, party.principal, SEED_REQUEST_ID)).id;
}
