// Demo people for a first look: made only on a database without people, only for a server that
// serves this machine alone (env.SEED_DEMO_DATA), marked `demo`, with a random password each (or
// DEMO_PASSWORD, which env.ts allows on loopback only). The passwords are answered to be printed
// once and are stored only as scrypt hashes. A server reached beyond this machine refuses to start
// while any demo person is enabled (assert-demo-people-stay-local.ts).
import { randomBytes, randomUUID } from "node:crypto";
import type { Role } from "@/lib/domain/roles";
import { env } from "@/lib/env";
import { hashPassword, verifyPassword } from "@/lib/server/auth/password";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { db } from "@/lib/server/db/client";

export type DemoPerson = { email: string; name: string; role: Role; organizationId?: string };
/** What is printed once: who signs in with which password. */
export type DemoSignIn = { email: string; role: Role; password: string; disabled: boolean };

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  { email: "admin@example.com", name: "Ada Admin", role: "admin" },
  { email: "issuer@example.com", name: "Iris Issuer", role: "issuer" },
  { email: "alice@example.com", name: "Alice Investor", role: "investor" },
  { email: "bob@example.com", name: "Bob Investor", role: "investor" },
  { email: "operator@example.com", name: "Oscar Operator", role: "escrowOperator", organizationId: env.ESCROW_ORG_ID },
];

/** The fixed passwords earlier versions gave the demo people and published in their README. */
const PUBLISHED_DEMO_PASSWORDS = ["admin-demo-pass", "issuer-demo-pass", "investor-demo-pass", "operator-demo-pass"];

/** DEMO_PASSWORD, or 16 random characters (96 bits). */
function demoPassword(): string {
  return env.DEMO_PASSWORD ?? randomBytes(12).toString("base64url");
}

/** People are users that can sign in (program accounts made by ensureSystemRecords have no password). */
async function hasPeople(): Promise<boolean> {
  return (await db.user.count({ where: { passwordHash: { not: null } } })) > 0;
}

/** Creates the demo people when the database has no people; answers their sign-ins, to be shown once. */
export async function seedDemoPeople(): Promise<DemoSignIn[]> {
  if (await hasPeople()) return [];
  const rows = await Promise.all(
    DEMO_PEOPLE.map(async (person) => {
      const password = demoPassword();
      return { ...person, password, passwordHash: await hashPassword(password) };
    }),
  );
  await db.$transaction(async (tx) => {
    for (const person of rows) {
      const id = randomUUID();
      await tx.user.create({
        data: { id, email: person.email, name: person.name, role: person.role, passwordHash: person.passwordHash, organizationId: person.organizationId ?? null, demo: true },
      });
      await recordAudit(tx, { actorUserId: null, action: "user.created", subjectType: "user", subjectId: id, details: { role: person.role, demo: true } });
    }
  });
  return rows.map((person) => ({ email: person.email, role: person.role, password: person.password, disabled: false }));
}

/** Gives every demo person a new password; answers the new sign-ins, to be shown once. */
export async function resetDemoPasswords(): Promise<DemoSignIn[]> {
  const people = await db.user.findMany({ where: { demo: true }, orderBy: { email: "asc" } });
  const signIns: DemoSignIn[] = [];
  for (const person of people) {
    const password = demoPassword();
    await db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: person.id }, data: { passwordHash: await hashPassword(password) } });
      await recordAudit(tx, { actorUserId: null, action: "user.password.reset", subjectType: "user", subjectId: person.id, details: { demo: true } });
    });
    signIns.push({ email: person.email, role: person.role as Role, password, disabled: person.disabledAt !== null });
  }
  return signIns;
}

/** Disables every enabled demo person (their sessions and tokens stop on the next request); answers their emails. */
export async function disableDemoPeople(): Promise<string[]> {
  const people = await db.user.findMany({ where: { demo: true, disabledAt: null }, select: { id: true, email: true }, orderBy: { email: "asc" } });
  await db.$transaction(async (tx) => {
    for (const person of people) {
      const changed = await tx.user.updateMany({ where: { id: person.id, disabledAt: null }, data: { disabledAt: new Date() } });
      if (changed.count === 1) await recordAudit(tx, { actorUserId: null, action: "user.disabled", subjectType: "user", subjectId: person.id, details: { demo: true } });
    }
  });
  return people.map((person) => person.email);
}

/** How many demo people can sign in. */
export async function enabledDemoPeopleCount(): Promise<number> {
  return db.user.count({ where: { demo: true, disabledAt: null } });
}

/**
 * A database made by an earlier version may still have the demo people with their published
 * passwords, unmarked. Each one whose password is still a published one is marked as a demo person
 * and given a new random password at once. While the server serves this machine alone the new
 * passwords are answered, to be shown once; beyond it they are shown to nobody (reset them on this
 * machine), and the start is then refused until the demo people are disabled.
 */
export async function retirePublishedDemoPasswords(): Promise<DemoSignIn[]> {
  const candidates = await db.user.findMany({
    where: { email: { in: DEMO_PEOPLE.map((person) => person.email) }, demo: false, passwordHash: { not: null } },
  });
  const signIns: DemoSignIn[] = [];
  for (const user of candidates) {
    let published = false;
    for (const password of PUBLISHED_DEMO_PASSWORDS) published ||= await verifyPassword(password, user.passwordHash ?? "");
    if (!published) continue;
    const password = env.EXPOSED_BY.length === 0 ? demoPassword() : randomBytes(24).toString("base64url");
    const passwordHash = await hashPassword(password);
    await db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: user.id }, data: { demo: true, passwordHash } });
      await recordAudit(tx, { actorUserId: null, action: "user.demo.published-password-retired", subjectType: "user", subjectId: user.id });
    });
    if (env.EXPOSED_BY.length === 0) signIns.push({ email: user.email, role: user.role as Role, password, disabled: user.disabledAt !== null });
  }
  return signIns;
}
