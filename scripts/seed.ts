// npm run db:seed – the system records, and the demo users on a database without people.
import { pathToFileURL } from "node:url";
import { env } from "@/lib/env";
import { db } from "@/lib/server/db/client";
import { ensureSystemRecords } from "@/lib/server/setup/ensure-system-records";
import { seedDemoData } from "@/lib/server/setup/seed-demo-data";

export async function seed(): Promise<void> {
  await ensureSystemRecords();
  if (!env.SEED_DEMO_DATA) return;
  const created = await seedDemoData();
  if (created.length === 0) return;
  const width = Math.max(...created.map((u) => u.email.length));
  console.log(`\nDemo data created. Sign in at ${env.PUBLIC_URL}/signin with:`);
  for (const u of created) console.log(`  ${u.email.padEnd(width)}  ${u.password.padEnd(20)}  (${u.role})`);
  console.log("");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await seed();
  await db.$disconnect();
}
