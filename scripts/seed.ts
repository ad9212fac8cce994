// npm run db:seed – the system records, and the demo people on a database without people (only for a
// server that serves this machine alone: SEED_DEMO_DATA, README "Security"), with the demo market
// (SEED_DEMO_MARKET).
//   npm run db:seed -- --reset-demo-passwords   new random passwords for the demo people, shown once
//   npm run db:seed -- --disable-demo-users     disable every demo person (before serving beyond this machine)
import { pathToFileURL } from "node:url";
import { env } from "@/lib/env";
import { db } from "@/lib/server/db/client";
import { ensureSystemRecords } from "@/lib/server/setup/ensure-system-records";
import { seedDemoMarket } from "@/lib/server/setup/demo-market/seed-demo-market";
import { disableDemoPeople, resetDemoPasswords, retirePublishedDemoPasswords, seedDemoPeople, type DemoSignIn } from "@/lib/server/setup/seed-demo-data";

/** The demo sign-ins in a box, the one time they are shown. */
export function demoSignInBox(signIns: readonly DemoSignIn[], title: string): string {
  const emailWidth = Math.max(...signIns.map((s) => s.email.length));
  const passwordWidth = Math.max(...signIns.map((s) => s.password.length));
  const lines = [
    title,
    `Sign in at ${env.PUBLIC_URL}/signin with:`,
    "",
    ...signIns.map((s) => `  ${s.email.padEnd(emailWidth)}  ${s.password.padEnd(passwordWidth)}  ${s.role}${s.disabled ? " (disabled)" : ""}`),
    "",
    env.DEMO_PASSWORD
      ? "The password is DEMO_PASSWORD (this machine only); it is stored only as a hash."
      : "The passwords are shown only this once and stored only as hashes.",
    "New ones:  npm run db:seed -- --reset-demo-passwords",
    "Before serving beyond this machine:  npm run db:seed -- --disable-demo-users",
  ];
  const width = Math.max(...lines.map((line) => line.length)) + 2;
  return [`╔${"═".repeat(width)}╗`, ...lines.map((line) => `║ ${line.padEnd(width - 1)}║`), `╚${"═".repeat(width)}╝`].join("\n");
}

function show(signIns: readonly DemoSignIn[], title: string): void {
  if (signIns.length > 0) console.log(`\n${demoSignInBox(signIns, title)}\n`);
}

export async function seed(): Promise<void> {
  await ensureSystemRecords();
  show(await retirePublishedDemoPasswords(), "The demo people had the passwords earlier versions published; they have new ones.");
  if (!env.SEED_DEMO_DATA) {
    if (env.EXPOSED_BY.length > 0) console.log(`seed: made no demo people, since this server is reached beyond this machine (${env.EXPOSED_BY.join("; ")}).`);
    return;
  }
  const people = await seedDemoPeople();
  show(people, "Demo people created, for this machine only.");
  // A new database only: the demo market comes with the demo people, never later (SEED_DEMO_MARKET).
  const market = people.length > 0 ? await seedDemoMarket() : null;
  if (market) {
    console.log(
      `seed: the demo market: ${market.assets} assets, ${market.offers} open offers, ${market.trades} settled trades over four weeks, ` +
        `money waiting for ${market.welcomeFunds} demo investors (${market.seconds.toFixed(1)} s).`,
    );
  }
}

async function main(args: readonly string[]): Promise<void> {
  if (args.includes("--reset-demo-passwords")) {
    const signIns = await resetDemoPasswords();
    if (signIns.length === 0) console.log("seed: this database has no demo people.");
    show(signIns, "New passwords for the demo people.");
    return;
  }
  if (args.includes("--disable-demo-users")) {
    const emails = await disableDemoPeople();
    console.log(emails.length === 0 ? "seed: no enabled demo people." : `seed: disabled ${emails.length} demo users: ${emails.join(", ")}.`);
    return;
  }
  await seed();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await main(process.argv.slice(2));
  await db.$disconnect();
}
