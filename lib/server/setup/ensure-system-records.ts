// Records every deployment needs, made idempotently at each start: this node's organization, the
// built-in escrow organization with the adapter URL and bearer token the router calls it with, and
// the ADMIN_TOKEN bootstrap admin when that setting is given.
import { randomUUID } from "node:crypto";
import type { Role } from "@/lib/domain/roles";
import { env } from "@/lib/env";
import { generateApiToken, hashApiToken } from "@/lib/server/auth/api-token";
import { openSecret, sealSecret } from "@/lib/server/crypto/secret-box";
import { db, type Tx } from "@/lib/server/db/client";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { ESCROW_ROUTER_TOKEN_PURPOSE } from "@/lib/server/escrow/router-client";
import { ADAPTER_TOKEN_PURPOSE } from "@/lib/server/router-ops/adapter-client";
import { logger } from "@/lib/server/log";


const ROUTER_USER_EMAIL = `router@${env.ORG_ID}.internal`;
const ESCROW_SYSTEM_EMAIL = `system@${env.ESCROW_ORG_ID}.internal`;
const BOOTSTRAP_ADMIN_EMAIL = `admin-token@${env.ORG_ID}.internal`;

/**
 * The program users settlement depends on: the router's, which calls the built-in adapter, and the
 * built-in escrow's, which calls the router. Their tokens are sealed in settings rows; an admin may
 * neither disable them nor change their tokens.
 */
export function isSystemUser(email: string): boolean {
  return email === ROUTER_USER_EMAIL || email === ESCROW_SYSTEM_EMAIL;
}

async function ensureOrganizations(tx: Tx): Promise<void> {
  await tx.organization.upsert({ where: { id: env.ORG_ID }, create: { id: env.ORG_ID, name: env.ORG_NAME, kind: "router" }, update: {} });
  // Earlier versions named it after its id ("Node node"): such a name follows ORG_NAME; one an admin gave stays.
  await tx.organization.updateMany({ where: { id: env.ORG_ID, name: `Node ${env.ORG_ID}` }, data: { name: env.ORG_NAME } });
  await tx.organization.upsert({
    where: { id: env.ESCROW_ORG_ID },
    create: { id: env.ESCROW_ORG_ID, name: env.ESCROW_ORG_NAME, kind: "escrow", adapterUrl: env.ESCROW_ADAPTER_URL },
    // The built-in escrow organization follows the settings, so a new PORT or PUBLIC_URL is picked up.
    update: { adapterUrl: env.ESCROW_ADAPTER_URL },
  });
}

function tokenOpens(sealed: string | null | undefined, purpose: string): boolean {
  if (!sealed) return false;
  try {
    openSecret(sealed, env.AUTH_SECRET, purpose);
    return true;
  } catch {
    return false;
  }
}

type ProgramUser = { email: string; name: string; role: Role; organizationId?: string };

/** A user that only calls with bearer tokens (no password), made the first time it is needed. */
async function programUser(tx: Tx, u: ProgramUser): Promise<{ id: string }> {
  return (
    (await tx.user.findUnique({ where: { email: u.email }, select: { id: true } })) ??
    (await tx.user.create({
      data: { id: randomUUID(), email: u.email, name: u.name, role: u.role, organizationId: u.organizationId ?? null },
      select: { id: true },
    }))
  );
}

/** A new bearer token for the program user, answered sealed under AUTH_SECRET for `purpose`. */
async function issueSealedToken(tx: Tx, u: ProgramUser, label: string, purpose: string): Promise<string> {
  const { id: userId } = await programUser(tx, u);
  const token = generateApiToken();
  await tx.apiToken.create({ data: { id: randomUUID(), userId, tokenHash: hashApiToken(token), label } });
  return sealSecret(token, env.AUTH_SECRET, purpose);
}

/** The router's own organization user, whose token the router presents to the built-in adapter. */
async function ensureRouterAdapterToken(tx: Tx): Promise<void> {
  const escrow = await tx.organization.findUniqueOrThrow({ where: { id: env.ESCROW_ORG_ID } });
  if (tokenOpens(escrow.adapterTokenSealed, ADAPTER_TOKEN_PURPOSE)) return;
  const adapterTokenSealed = await issueSealedToken(
    tx,
    { email: ROUTER_USER_EMAIL, name: `Router of ${env.ORG_ID}`, role: "organization", organizationId: env.ORG_ID },
    "router → built-in adapter",
    ADAPTER_TOKEN_PURPOSE,
  );
  await tx.organization.update({ where: { id: escrow.id }, data: { adapterTokenSealed } });
  await recordAudit(tx, { actorUserId: null, action: "organization.adapter-token.issued", subjectType: "organization", subjectId: escrow.id });
  logger.info({ organization: escrow.id }, "issued the router's bearer token for the built-in adapter");
}

/**
 * The built-in escrow organization's own program user (role organization: a payment organization
 * calling another surface, decisions.md §6), whose token it presents to the router to fetch plans
 * and report incoming funds. The token is sealed in the escrow's own settings row.
 */
async function ensureEscrowRouterToken(tx: Tx): Promise<void> {
  const config = await tx.escrowConfig.findUnique({ where: { id: env.ESCROW_ORG_ID } });
  if (tokenOpens(config?.routerTokenSealed, ESCROW_ROUTER_TOKEN_PURPOSE)) return;
  const routerTokenSealed = await issueSealedToken(
    tx,
    { email: ESCROW_SYSTEM_EMAIL, name: `${env.ESCROW_ORG_NAME} (system)`, role: "organization", organizationId: env.ESCROW_ORG_ID },
    "built-in escrow → router",
    ESCROW_ROUTER_TOKEN_PURPOSE,
  );
  await tx.escrowConfig.upsert({ where: { id: env.ESCROW_ORG_ID }, create: { id: env.ESCROW_ORG_ID, routerTokenSealed }, update: { routerTokenSealed } });
  await recordAudit(tx, { actorUserId: null, action: "escrow.router-token.issued", subjectType: "organization", subjectId: env.ESCROW_ORG_ID });
}

async function ensureBootstrapAdmin(tx: Tx, adminToken: string): Promise<void> {
  const tokenHash = hashApiToken(adminToken);
  if (await tx.apiToken.findUnique({ where: { tokenHash } })) return;
  const user = await programUser(tx, { email: BOOTSTRAP_ADMIN_EMAIL, name: "Bootstrap admin (ADMIN_TOKEN)", role: "admin" });
  await tx.apiToken.create({ data: { id: randomUUID(), userId: user.id, tokenHash, label: "ADMIN_TOKEN" } });
  await recordAudit(tx, { actorUserId: null, action: "user.token.registered", subjectType: "user", subjectId: user.id, details: { label: "ADMIN_TOKEN" } });
}

export async function ensureSystemRecords(): Promise<void> {
  await db.$transaction(async (tx) => {
    await ensureOrganizations(tx);
    await ensureRouterAdapterToken(tx);
    await ensureEscrowRouterToken(tx);
    if (env.ADMIN_TOKEN) await ensureBootstrapAdmin(tx, env.ADMIN_TOKEN);
  });
}
