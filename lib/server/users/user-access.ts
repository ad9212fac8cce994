// What an admin does about a user's access: disable it (every token and session stops at once, open
// GraphQL sockets are closed) or enable it again, issue another bearer token (shown once), revoke one.
// Each change is a conditional write with its audit row in one transaction; a repeat of the same
// change writes nothing and answers the same. Open sockets are told after the commit, in every
// process of the node (access-changes.ts).
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/domain/app-error";
import type { IssueTokenRequest, IssueTokenResponse } from "@/lib/schemas/user";
import { announceAccessChange, notifyAccessChange } from "@/lib/server/auth/access-changes";
import { generateApiToken, hashApiToken } from "@/lib/server/auth/api-token";
import type { Principal } from "@/lib/server/auth/principal";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { db, type Tx } from "@/lib/server/db/client";
import { isSystemUser } from "@/lib/server/setup/ensure-system-records";
import { getUser, type UserView } from "./get-user";

/** A user can hold this many tokens, revoked ones included (the user view lists them all). */
export const MAX_TOKENS_PER_USER = 100;

/** The user whose access is to change: 404 when unknown, 409 for a system user. */
async function existingUser(tx: Tx, userId: string): Promise<{ id: string; disabledAt: Date | null }> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true, email: true, disabledAt: true } });
  if (!user) throw new AppError("NOT_FOUND", `No user has the id ${userId}.`);
  if (isSystemUser(user.email)) {
    throw new AppError("STATE_CONFLICT", `${user.email} is a program user settlement depends on; its access cannot be changed. Nothing was changed.`);
  }
  return user;
}

export async function setUserDisabled(userId: string, disabled: boolean, admin: Principal, requestId: string): Promise<UserView> {
  if (disabled && userId === admin.userId) {
    throw new AppError("UNPROCESSABLE", "An admin cannot disable itself; another admin can.", [{ in: "params", path: "userId", message: "is your own user" }]);
  }
  const changed = await db.$transaction(async (tx) => {
    await existingUser(tx, userId);
    const { count } = await tx.user.updateMany({
      where: { id: userId, disabledAt: disabled ? null : { not: null } },
      data: { disabledAt: disabled ? new Date() : null },
    });
    if (count === 0) return false;
    await recordAudit(tx, { actorUserId: admin.userId, action: disabled ? "user.disabled" : "user.enabled", subjectType: "user", subjectId: userId, requestId, details: {} });
    if (disabled) await notifyAccessChange(tx, userId);
    return true;
  });
  if (changed && disabled) announceAccessChange(userId);
  return getUser(userId);
}

export async function issueApiToken(userId: string, input: IssueTokenRequest, admin: Principal, requestId: string): Promise<IssueTokenResponse> {
  const id = randomUUID();
  const token = generateApiToken();
  await db.$transaction(async (tx) => {
    const user = await existingUser(tx, userId);
    if (user.disabledAt) throw new AppError("STATE_CONFLICT", `User ${userId} is disabled; enable it before issuing a token.`);
    if ((await tx.apiToken.count({ where: { userId } })) >= MAX_TOKENS_PER_USER) {
      throw new AppError("UNPROCESSABLE", `User ${userId} already has ${MAX_TOKENS_PER_USER} tokens, the most it can hold.`);
    }
    await tx.apiToken.create({ data: { id, userId, tokenHash: hashApiToken(token), label: input.label } });
    await recordAudit(tx, { actorUserId: admin.userId, action: "token.issued", subjectType: "user", subjectId: userId, requestId, details: { tokenId: id, label: input.label } });
  });
  return { id, token };
}

export async function revokeApiToken(userId: string, tokenId: string, admin: Principal, requestId: string): Promise<void> {
  const changed = await db.$transaction(async (tx) => {
    await existingUser(tx, userId);
    const found = await tx.apiToken.findFirst({ where: { id: tokenId, userId }, select: { id: true } });
    if (!found) throw new AppError("NOT_FOUND", `User ${userId} has no token ${tokenId}.`);
    const { count } = await tx.apiToken.updateMany({ where: { id: tokenId, revokedAt: null }, data: { revokedAt: new Date() } });
    if (count === 0) return false;
    await recordAudit(tx, { actorUserId: admin.userId, action: "token.revoked", subjectType: "user", subjectId: userId, requestId, details: { tokenId } });
    await notifyAccessChange(tx, userId);
    return true;
  });
  if (changed) announceAccessChange(userId);
}
