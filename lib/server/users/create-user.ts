// POST {router_url}/admin/users (decisions.md §8): an admin creates a user and receives a bearer
// token for it, shown once. The user, its token hash and the audit row commit together.
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/domain/app-error";
import { env } from "@/lib/env";
import type { CreateUserRequest, CreateUserResponse } from "@/lib/schemas/user";
import { generateApiToken, hashApiToken } from "@/lib/server/auth/api-token";
import { hashPassword } from "@/lib/server/auth/password";
import type { Principal } from "@/lib/server/auth/principal";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { db } from "@/lib/server/db/client";

/** The organization named, which must exist; escrow operators default to the built-in escrow organization. */
async function organizationFor(input: CreateUserRequest): Promise<string | null> {
  if (input.organizationId === undefined) return input.role === "escrowOperator" ? env.ESCROW_ORG_ID : null;
  if (!(await db.organization.findUnique({ where: { id: input.organizationId }, select: { id: true } }))) {
    throw new AppError("UNPROCESSABLE", `There is no organization ${input.organizationId}; register it first.`, [
      { in: "body", path: "organizationId", message: "names no organization" },
    ]);
  }
  return input.organizationId;
}

export async function createUser(input: CreateUserRequest, actor: Principal, requestId: string): Promise<CreateUserResponse> {
  const organizationId = await organizationFor(input);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const id = randomUUID();
  const token = generateApiToken();
  await db.$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
      throw new AppError("CONFLICT", `A user with the email ${input.email} already exists.`, [
        { in: "body", path: "email", message: "already in use" },
      ]);
    }
    await tx.user.create({
      data: { id, email: input.email, name: input.name, role: input.role, passwordHash, organizationId },
    });
    await tx.apiToken.create({ data: { id: randomUUID(), userId: id, tokenHash: hashApiToken(token), label: "created with the user" } });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: "user.created",
      subjectType: "user",
      subjectId: id,
      requestId,
      details: { role: input.role, email: input.email, organizationId, withPassword: passwordHash !== null },
    });
  });
  return { id, token };
}
