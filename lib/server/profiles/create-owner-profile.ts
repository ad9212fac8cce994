// POST {router_url}/finapi/profiles/owner – the profile of a public key (decisions.md §5): the
// signature over sha3-256 of the key proves the caller holds it; the same key always yields the same
// profile, which belongs to the user who created it.
import { AppError } from "@/lib/domain/app-error";
import { makeId } from "@/lib/domain/ids";
import { verifyHashSignatureNode } from "@/lib/domain/secp256k1-node";
import { profileProofHash } from "@/lib/domain/signature-template";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import type { CreateOwnerProfileRequest } from "@/lib/schemas/profile";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { claimDemoWelcomeFunds } from "@/lib/server/setup/demo-market/demo-welcome-funds";

async function existing(finId: string, caller: Principal) {
  const profile = await db.profile.findUnique({ where: { finId } });
  if (profile && profile.ownerUserId !== caller.userId) {
    throw new AppError("CONFLICT", "The profile of this public key belongs to another user.");
  }
  return profile;
}

export async function createOwnerProfile(input: CreateOwnerProfileRequest, caller: Principal, requestId: string) {
  const finId = input.publicKey.toLowerCase();
  if (!verifyHashSignatureNode(profileProofHash(finId), input.signature, finId)) {
    throw new AppError("BAD_SIGNATURE", "The signature is not the key's signature of sha3-256 of the public key (or it is high-S).", [
      { in: "body", path: "signature", message: "does not verify against publicKey" },
    ]);
  }
  const answer = (id: string) => ({ isCompleted: true, response: { id }, type: "profile" as const });
  const found = await existing(finId, caller);
  if (found) return answer(found.id);
  const id = makeId(env.ORG_ID, "profile");
  try {
    await db.$transaction(async (tx) => {
      await tx.profile.create({ data: { id, finId, ownerUserId: caller.userId } });
      await recordAudit(tx, { actorUserId: caller.userId, action: "profile.created", subjectType: "profile", subjectId: id, requestId, details: { finId } });
    });
  } catch (error) {
    // Two requests for the same key at once: the first one's profile is the profile.
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    const winner = await existing(finId, caller);
    if (winner) return answer(winner.id);
    throw error;
  }
  // After the commit: a demo investor's first profile gets the demo money waiting for it (a no-op otherwise).
  await claimDemoWelcomeFunds(caller, { id, finId }, requestId);
  return answer(id);
}
