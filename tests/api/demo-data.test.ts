// The demo people of a first start, and why they can never be a door into a real deployment: they are
// made only for a server that serves this machine alone, with random passwords printed once and stored
// only as hashes; a server bound beyond loopback refuses to start while any of them is enabled; and
// DEMO_PASSWORD (the harnesses' fixed password) is refused beyond loopback. Each test runs
// scripts/prepare.ts, scripts/seed.ts and server.ts itself, with the settings it is about.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/server/auth/password";
import { executeSqlAt, queryRowsAt, signInAs } from "./helpers";
import { freePort, freshDatabase, type TestDatabase } from "./test-server";

const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const PUBLISHED = ["admin-demo-pass", "issuer-demo-pass", "investor-demo-pass", "operator-demo-pass"];
const DEMO_EMAILS = ["admin@example.com", "alice@example.com", "bob@example.com", "issuer@example.com", "operator@example.com"];

type Place = { dataDir: string; database: TestDatabase; port: number };
const places: Place[] = [];
const servers: ChildProcess[] = [];
/** Stops of the servers a test started, run after it whatever its outcome. */
const running: (() => Promise<void>)[] = [];

async function newPlace(): Promise<Place> {
  const dataDir = path.join(root, ".tmp", `api-demo-${Date.now()}-${randomBytes(3).toString("hex")}`);
  mkdirSync(dataDir, { recursive: true });
  const place = { dataDir, database: await freshDatabase(dataDir), port: await freePort() };
  places.push(place);
  return place;
}

/** The environment of a start with nothing set but where the data lives: every other setting at its default. */
function environment(place: Place, settings: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(HOST|PUBLIC_URL|SEED_DEMO_DATA|DEMO_PASSWORD|TRUST_PROXY|ADMIN_TOKEN|AUTH_SECRET)$/.test(name)),
  );
  return {
    ...inherited,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    CHECKPOINT_DISABLE: "1",
    LOG_LEVEL: "warn",
    DATA_DIR: place.dataDir,
    DATABASE_URL: place.database.url,
    PORT: String(place.port),
    // The demo market comes with the demo people by default; its own test starts it (demo-market.test.ts).
    SEED_DEMO_MARKET: "false",
    ...settings,
  };
}

/** Runs a script to its end (asynchronously: a blocked test process would reuse kept-alive sockets the server closed meanwhile). */
function runScript(place: Place, args: string[], settings: Record<string, string> = {}): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(tsx, args, { cwd: root, env: environment(place, settings), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.once("close", (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

/** Starts server.ts; answers once it is healthy, or once it exited (a refusal), with what it printed. */
async function serve(place: Place, settings: Record<string, string> = {}): Promise<{ healthy: boolean; output: () => string; stop: () => Promise<void> }> {
  const child = spawn(tsx, ["server.ts"], { cwd: root, env: environment(place, settings), stdio: ["ignore", "pipe", "pipe"], detached: true });
  servers.push(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-(child.pid ?? 0), "SIGTERM");
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    try {
      process.kill(-(child.pid ?? 0), "SIGKILL");
    } catch {
      // already gone
    }
  };
  running.push(stop);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${place.port}/api/health`)).ok) return { healthy: true, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 250))]);
  }
  await stop();
  return { healthy: false, output: () => output, stop };
}

/** The email → password lines of the printed demo sign-ins (inside the box). */
function printedPasswords(output: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of output.matchAll(/║\s+([a-z]+@example\.com)\s+(\S+)/g)) found.set(match[1] ?? "", match[2] ?? "");
  return found;
}

async function demoRows(place: Place): Promise<{ email: string; demo: boolean; disabled: boolean; passwordHash: string }[]> {
  const rows = await queryRowsAt<{ email: string; demo: unknown; disabledAt: unknown; passwordHash: string }>(
    place.database.url,
    `SELECT "email", "demo", "disabledAt", "passwordHash" FROM "User" WHERE "email" LIKE $1 ORDER BY "email"`,
    ["%@example.com"],
  );
  return rows.map((r) => ({ email: r.email, demo: Boolean(r.demo), disabled: r.disabledAt !== null, passwordHash: r.passwordHash }));
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((stop) => stop()));
}, 30_000);

afterAll(async () => {
  for (const child of servers) {
    try {
      process.kill(-(child.pid ?? 0), "SIGKILL");
    } catch {
      // already gone
    }
  }
  for (const place of places) {
    await place.database.drop();
    rmSync(place.dataDir, { recursive: true, force: true });
  }
}, 60_000);

describe("the demo people", () => {
  let first: Place;
  let published: Place;
  let passwords: Map<string, string>;

  it("are made by a default start with random passwords, printed once in a box and stored only as hashes", async () => {
    first = await newPlace();
    const prepared = await runScript(first, ["scripts/prepare.ts", "--no-build"]);
    expect(prepared.status, prepared.output).toBe(0);
    passwords = printedPasswords(prepared.output);
    expect([...passwords.keys()].sort()).toEqual(DEMO_EMAILS);
    for (const [email, password] of passwords) {
      expect(PUBLISHED, email).not.toContain(password);
      expect(password.length, email).toBeGreaterThanOrEqual(16);
    }
    expect(new Set(passwords.values()).size).toBe(passwords.size);
    expect(prepared.output).toMatch(/╔═+╗/);
    expect(prepared.output).toContain("shown only this once");

    const rows = await demoRows(first);
    expect(rows.map((r) => [r.email, r.demo, r.disabled])).toEqual(DEMO_EMAILS.map((email) => [email, true, false]));
    for (const row of rows) expect(row.passwordHash).not.toContain(passwords.get(row.email));

    // Printed once: a second start shows no password.
    const again = await runScript(first, ["scripts/prepare.ts", "--no-build"]);
    expect(again.status, again.output).toBe(0);
    expect(printedPasswords(again.output).size).toBe(0);

    // Another database gets other passwords.
    const other = await newPlace();
    const otherPrepared = await runScript(other, ["scripts/prepare.ts", "--no-build"]);
    expect(otherPrepared.status, otherPrepared.output).toBe(0);
    for (const [email, password] of printedPasswords(otherPrepared.output)) expect(password, email).not.toBe(passwords.get(email));
  }, 240_000);

  it("sign in with the printed password on a server bound to loopback by default, never with a published one; new ones on request", async () => {
    const server = await serve(first, { LOG_LEVEL: "info" });
    expect(server.healthy, server.output()).toBe(true);
    expect(server.output()).toMatch(/"host":"127\.0\.0\.1"/);
    const base = `http://127.0.0.1:${first.port}`;
    expect((await signInAs("admin@example.com", passwords.get("admin@example.com") ?? "", { base })).cookie).not.toBeNull();
    expect(await signInAs("admin@example.com", "admin-demo-pass", { base })).toEqual({ cookie: null, code: "credentials" });

    const reset = await runScript(first, ["scripts/seed.ts", "--reset-demo-passwords"]);
    expect(reset.status, reset.output).toBe(0);
    const renewed = printedPasswords(reset.output);
    expect([...renewed.keys()].sort()).toEqual(DEMO_EMAILS);
    expect(renewed.get("alice@example.com")).not.toBe(passwords.get("alice@example.com"));
    expect((await signInAs("alice@example.com", passwords.get("alice@example.com") ?? "", { base })).code).toBe("credentials");
    expect((await signInAs("alice@example.com", renewed.get("alice@example.com") ?? "", { base })).cookie).not.toBeNull();
    passwords = renewed;
  }, 180_000);

  it("keep a server bound beyond loopback from starting, with the way out in the message, until they are disabled", async () => {
    const refused = await serve(first, { HOST: "0.0.0.0" });
    expect(refused.healthy, refused.output()).toBe(false);
    expect(refused.output()).toContain("5 enabled demo users");
    expect(refused.output()).toContain("npm run db:seed -- --disable-demo-users");
    expect(refused.output()).toContain("HOST=127.0.0.1");

    // npm start runs prepare first: it refuses the same way, before building anything.
    const prepared = await runScript(first, ["scripts/prepare.ts", "--no-build"], { HOST: "0.0.0.0" });
    expect(prepared.status).not.toBe(0);
    expect(prepared.output).toContain("npm run db:seed -- --disable-demo-users");

    const disabled = await runScript(first, ["scripts/seed.ts", "--disable-demo-users"]);
    expect(disabled.status, disabled.output).toBe(0);
    expect((await demoRows(first)).every((r) => r.disabled)).toBe(true);
    const server = await serve(first, { HOST: "0.0.0.0" });
    expect(server.healthy, server.output()).toBe(true);
    const base = `http://127.0.0.1:${first.port}`;
    expect((await signInAs("admin@example.com", passwords.get("admin@example.com") ?? "", { base })).code).toBe("account_disabled");
  }, 240_000);

  it("are not made for a server bound beyond loopback, and DEMO_PASSWORD or SEED_DEMO_DATA=true there is refused", async () => {
    const place = await newPlace();
    const wide = await runScript(place, ["scripts/prepare.ts", "--no-build"], { HOST: "0.0.0.0" });
    expect(wide.status, wide.output).toBe(0);
    expect(printedPasswords(wide.output).size).toBe(0);
    expect(await demoRows(place)).toEqual([]);

    const withPassword = await runScript(place, ["scripts/prepare.ts", "--no-build"], { HOST: "0.0.0.0", DEMO_PASSWORD: "a-password-for-tests" });
    expect(withPassword.status).not.toBe(0);
    expect(withPassword.output).toMatch(/DEMO_PASSWORD: .*loopback/);
    // Behind a proxy (TRUST_PROXY) or reached at a public address (PUBLIC_URL), loopback is no shelter.
    const proxied = await runScript(place, ["scripts/prepare.ts", "--no-build"], { PUBLIC_URL: "https://invest.example.org", DEMO_PASSWORD: "a-password-for-tests" });
    expect(proxied.status).not.toBe(0);
    expect(proxied.output).toMatch(/DEMO_PASSWORD: .*PUBLIC_URL/);

    const forced = await runScript(place, ["scripts/prepare.ts", "--no-build"], { HOST: "0.0.0.0", SEED_DEMO_DATA: "true" });
    expect(forced.status).not.toBe(0);
    expect(forced.output).toMatch(/SEED_DEMO_DATA: .*loopback/);
    expect(await demoRows(place)).toEqual([]);
    published = place;
  }, 240_000);

  it("that an earlier version made with its published passwords get new passwords, shown on this machine only, and keep a wide server from starting", async () => {
    // An earlier version's demo people: the published passwords, not marked as demo.
    const insertEarlier = async (email: string, role: string, password: string) =>
      executeSqlAt(published.database.url, `INSERT INTO "User" ("id", "email", "name", "role", "passwordHash") VALUES ($1, $2, $3, $4, $5)`, [
        randomUUID(),
        email,
        `Earlier ${role}`,
        role,
        await hashPassword(password),
      ]);
    const row = async (email: string) => (await demoRows(published)).find((r) => r.email === email);

    await insertEarlier("admin@example.com", "admin", "admin-demo-pass");
    const local = await runScript(published, ["scripts/prepare.ts", "--no-build"]);
    expect(local.status, local.output).toBe(0);
    expect(local.output).toContain("earlier versions published");
    const renewed = printedPasswords(local.output).get("admin@example.com") ?? "";
    expect(await row("admin@example.com")).toMatchObject({ demo: true, disabled: false });
    expect(await verifyPassword("admin-demo-pass", (await row("admin@example.com"))?.passwordHash ?? "")).toBe(false);
    expect(await verifyPassword(renewed, (await row("admin@example.com"))?.passwordHash ?? "")).toBe(true);

    await insertEarlier("issuer@example.com", "issuer", "issuer-demo-pass");
    const wide = await runScript(published, ["scripts/prepare.ts", "--no-build"], { HOST: "0.0.0.0" });
    expect(wide.status).not.toBe(0);
    expect(wide.output).toContain("2 enabled demo users");
    expect(printedPasswords(wide.output).size).toBe(0);
    expect(await row("issuer@example.com")).toMatchObject({ demo: true });
    expect(await verifyPassword("issuer-demo-pass", (await row("issuer@example.com"))?.passwordHash ?? "")).toBe(false);
  }, 240_000);
});
