// The floors a settled trade is compared with, measured in the same run as the trades: what one
// signature verification, one small SQLite (or PostgreSQL) transaction, one bare node:http request
// and one request through a trivial route of this app cost on this machine right now.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import Database from "better-sqlite3";
import pg from "pg";
import { generateNonce } from "@/lib/domain/nonce";
import { getFinId, signHash, verifyHashSignature } from "@/lib/domain/secp256k1";
import { verifyHashSignatureNative } from "@/lib/domain/secp256k1-node";
import { sha3_256 } from "@noble/hashes/sha3.js";
import { bytesToHex } from "@/lib/domain/hex";
import { HttpClient, requestRate, type Answer, type RequestRate } from "./http-client";
import { OwnCpu, ProcessGroup } from "./usage";

/** Operations a second, and the time of one. */
export type Rate = { perSecond: number; microsEach: number };

/** A request floor: its rate, and what each request cost the server's CPU and the client's. */
export type HttpFloor = RequestRate & { serverCpuMsEach: number; clientCpuShare: number };

const WRITES_PER_TRANSACTION = 10;

/** Runs `work` for `seconds` (after 1/10 of that to warm up), checking the clock every few calls. */
function timed(seconds: number, work: (i: number) => unknown): Rate {
  const run = (untilMs: number) => {
    let i = 0;
    while (performance.now() < untilMs) for (let j = 0; j < 16; j++) work(i++);
    return i;
  };
  run(performance.now() + seconds * 100);
  const started = performance.now();
  const count = run(started + seconds * 1000);
  const elapsedMs = performance.now() - started;
  return { perSecond: (count / elapsedMs) * 1000, microsEach: (elapsedMs * 1000) / count };
}

export function verificationFloors(seconds: number): { native: Rate; noble: Rate } {
  const key = "0000000000000000000000000000000000000000000011110000000000001111";
  const finId = getFinId(key);
  const hash = bytesToHex(sha3_256(new TextEncoder().encode(generateNonce())));
  const signature = signHash(hash, key);
  if (!verifyHashSignatureNative(hash, signature, finId) || !verifyHashSignature(hash, signature, finId)) throw new Error("the floor's signature does not verify");
  return {
    native: timed(seconds, () => verifyHashSignatureNative(hash, signature, finId)),
    noble: timed(seconds, () => verifyHashSignature(hash, signature, finId)),
  };
}

/** Transactions of ten small inserts on a throwaway file: WAL, synchronous=NORMAL, as the server runs SQLite. */
export function sqliteFloor(seconds: number, dir: string): Rate {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `floor-${process.pid}.db`);
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.exec("CREATE TABLE IF NOT EXISTS entry (id INTEGER PRIMARY KEY, account TEXT NOT NULL, amount TEXT NOT NULL, at INTEGER NOT NULL)");
    const insert = db.prepare("INSERT INTO entry (account, amount, at) VALUES (?, ?, ?)");
    const transaction = db.transaction((i: number) => {
      for (let w = 0; w < WRITES_PER_TRANSACTION; w++) insert.run(`account-${(i + w) % 64}`, "1.00", i);
    });
    return timed(seconds, (i) => transaction(i));
  } finally {
    db.close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
  }
}

/**
 * The same transactions on PostgreSQL, `connections` at once (the server's pool size), each
 * statement a round trip as the server sends them, in a database made for this and dropped after.
 */
export async function postgresFloor(adminUrl: string, seconds: number, connections: number): Promise<Rate> {
  const name = `tan_bench_floor_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: connections });
  // An idle connection ended under the pool (the DROP below, a restart) must not end the benchmark.
  pool.on("error", () => undefined);
  admin.on("error", () => undefined);
  try {
    await pool.query("CREATE TABLE entry (id BIGSERIAL PRIMARY KEY, account TEXT NOT NULL, amount TEXT NOT NULL, at BIGINT NOT NULL)");
    let count = 0;
    const loop = async (untilMs: number, counting: boolean) => {
      const client = await pool.connect();
      try {
        for (let i = 0; performance.now() < untilMs; i++) {
          await client.query("BEGIN");
          for (let w = 0; w < WRITES_PER_TRANSACTION; w++) await client.query("INSERT INTO entry (account, amount, at) VALUES ($1, $2, $3)", [`account-${(i + w) % 64}`, "1.00", i]);
          await client.query("COMMIT");
          if (counting) count += 1;
        }
      } finally {
        client.release();
      }
    };
    await Promise.all(Array.from({ length: connections }, () => loop(performance.now() + seconds * 100, false)));
    const started = performance.now();
    await Promise.all(Array.from({ length: connections }, () => loop(started + seconds * 1000, true)));
    const elapsedMs = performance.now() - started;
    return { perSecond: (count / elapsedMs) * 1000, microsEach: (elapsedMs * 1000) / count };
  } finally {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

/** A request floor against a server whose processes are `server`: rate, server CPU and client CPU per request. */
export async function httpFloor(server: ProcessGroup, seconds: number, inFlight: number, send: (i: number) => Promise<Answer>, expectedStatus: number): Promise<HttpFloor> {
  let cpuBefore = 0;
  let own: OwnCpu | null = null;
  let serverCpuMs = 0;
  let clientCpuShare = 0;
  const rate = await requestRate(seconds, inFlight, send, expectedStatus, {
    before: () => {
      cpuBefore = server.cpuMs();
      own = new OwnCpu();
    },
    after: () => {
      serverCpuMs = server.cpuMs() - cpuBefore;
      clientCpuShare = own?.share() ?? 0;
    },
  });
  return { ...rate, serverCpuMsEach: serverCpuMs / Math.max(1, rate.requests + rate.unexpected), clientCpuShare };
}

/** Bare node:http in a child process (bare-http-server.mjs) answering a small JSON POST. */
export async function bareHttpFloor(seconds: number, inFlight: number): Promise<HttpFloor> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "bare-http-server.mjs")], { stdio: ["ignore", "pipe", "inherit"], detached: true });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout });
      lines.once("line", (line) => resolve(Number(line)));
      child.once("exit", (code) => reject(new Error(`the bare node:http server exited (${code})`)));
    });
    const client = new HttpClient(`http://127.0.0.1:${port}`, inFlight);
    try {
      return await httpFloor(new ProcessGroup(() => child.pid), seconds, inFlight, (i) => client.send("POST", "/echo", { body: `{"n":${i},"kind":"bench"}` }), 200);
    } finally {
      client.close();
    }
  } finally {
    child.kill("SIGTERM");
  }
}

/** The route the app floors call: any signed-in caller may read it (one small table); anonymous callers get 401 before any database call. */
export const TRIVIAL_ROUTE = "/api/router/finapi/organizations";

/** Through the app's own route handling on the production server: refused (401, anonymous) and an authenticated small read. */
export async function appRouteFloors(baseUrl: string, server: ProcessGroup, token: string, seconds: number, inFlight: number): Promise<{ refused: HttpFloor; read: HttpFloor }> {
  const client = new HttpClient(baseUrl, inFlight);
  try {
    const refused = await httpFloor(server, seconds, inFlight, () => client.send("GET", TRIVIAL_ROUTE), 401);
    const read = await httpFloor(server, seconds, inFlight, () => client.send("GET", TRIVIAL_ROUTE, { token }), 200);
    return { refused, read };
  } finally {
    client.close();
  }
}
