// Runs before the server starts (npm start's prestart): apply migrations, make the system records and
// the demo data, refuse a server reached beyond this machine while demo people are enabled, and build
// the Next app when its sources changed since the last build.
// Flags: --no-build (migrate and seed only).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { db } from "@/lib/server/db/client";
import { assertDemoPeopleStayLocal, DemoPeopleExposedError } from "@/lib/server/setup/assert-demo-people-stay-local";
import { buildServer, SERVER_BUNDLE } from "./build-server";
import { migrationFolder, migrationsWithMisplacedSemicolons } from "./migration-semicolons";
import { seed } from "./seed";
import { sourceStamp } from "./source-stamp";

const root = process.cwd();

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: "inherit", cwd: root });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}

async function buildIfStale(): Promise<void> {
  const stampFile = path.join(root, ".next", "source-stamp");
  const stamp = sourceStamp(root);
  const built =
    existsSync(path.join(root, ".next", "BUILD_ID")) &&
    existsSync(path.join(root, SERVER_BUNDLE)) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, "utf8") === stamp;
  if (built) {
    console.log("prepare: the production build is up to date");
    return;
  }
  console.log("prepare: building the app (next build, then the server bundle)…");
  run(path.join(root, "node_modules", ".bin", "next"), ["build"]);
  await buildServer(root);
  writeFileSync(stampFile, stamp);
}

console.log(`prepare: database ${env.DATABASE_PROVIDER === "sqlite" ? env.SQLITE_FILE : "(postgresql)"}`);
const misplaced = migrationsWithMisplacedSemicolons(root, [migrationFolder(env.DATABASE_PROVIDER)]);
if (misplaced.length > 0) {
  console.error(
    "\nprepare: these migration lines hold a `;` inside a comment or a quoted text, where Prisma's runner would split " +
      "a statement in two and fail; move the `;` out, then start again:\n" +
      misplaced.map((line) => `  ${line}`).join("\n"),
  );
  process.exit(1);
}
run(path.join(root, "node_modules", ".bin", "prisma"), ["migrate", "deploy"]);
await seed();
try {
  await assertDemoPeopleStayLocal();
} catch (error) {
  if (!(error instanceof DemoPeopleExposedError)) throw error;
  console.error(`\n${error.message}\n`);
  await db.$disconnect();
  process.exit(1);
}
await db.$disconnect();
if (!process.argv.includes("--no-build")) await buildIfStale();
