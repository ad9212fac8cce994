// The one place that reads process.env. Every setting is validated once, with safe defaults, and the
// rest of the code imports `env`. A bad setting stops the process at start with a message naming it.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
// Relative imports only, here and in what these modules import: prisma.config.ts loads this file
// without the "@/" alias.
import { parseCurrencies, type CurrencyTable } from "./domain/escrow/currencies";
import { parseCompletionModes, type CompletionModes } from "./domain/escrow/operation-kinds";
import { ORG_ID_PATTERN } from "./domain/patterns";

const orgIdSetting = z.string().regex(ORG_ID_PATTERN, "lower-case letters, digits and dashes, at most 64 characters");
const urlSetting = z.url({ protocol: /^https?$/, error: "an http(s) URL" });

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  /** Interface the server binds to. */
  HOST: z.string().min(1).default("0.0.0.0"),
  /** Where this node is reached from outside; the default follows PORT. */
  PUBLIC_URL: urlSetting.optional(),
  /** Where the database file, the generated AUTH_SECRET and uploaded documents live. */
  DATA_DIR: z.string().min(1).default("data"),
  /** `file:` (SQLite, the default, under DATA_DIR) or `postgresql://`. */
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres(ql)?:\/\/)/, "a file: URL (SQLite) or a postgresql:// URL")
    .optional(),
  ORG_ID: orgIdSetting.default("node"),
  ESCROW_ORG_ID: orgIdSetting.default("escrow"),
  ESCROW_ORG_NAME: z.string().min(1).max(200).default("Built-in Escrow"),
  /** Adapter URL of the built-in escrow organization; the default is this node's /api/adapter. */
  ESCROW_ADAPTER_URL: urlSetting.optional(),
  /**
   * How the router and the built-in escrow reach each other when their URLs are this node's own:
   * "in-process" calls the same API routes without a socket (decisions.md §1), "http" goes through
   * the network like any other organization.
   */
  ESCROW_TRANSPORT: z.enum(["in-process", "http"]).default("in-process"),
  /** How the built-in adapter completes operations: "sync", "async", or e.g. "async,hold=sync". */
  ESCROW_COMPLETION: z.string().default("sync"),
  /** How long asynchronous operations wait before the worker takes them (a bank's processing lag). */
  ESCROW_ASYNC_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(0),
  /** "off" keeps this process from running the escrow worker (when another process runs it). */
  ESCROW_WORKER: z.enum(["on", "off"]).default("on"),
  /** How often the escrow worker looks for due operations, expired holds and reports to deliver. */
  ESCROW_WORKER_INTERVAL_MS: z.coerce.number().int().min(20).max(60_000).default(250),
  /** Currencies the built-in escrow keeps accounts in, with their minor units. */
  ESCROW_CURRENCIES: z.string().default("USD:2,EUR:2,GBP:2,CHF:2,JPY:0"),
  /** The router the built-in escrow reports incoming funds to and fetches plans from; default this node's. */
  ESCROW_ROUTER_URL: urlSetting.optional(),
  /** A plan approval that cannot fetch the plan for this long is rejected. */
  ESCROW_APPROVAL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  ESCROW_BANK_NAME: z.string().min(1).max(200).default("Demo Settlement Bank"),
  ESCROW_BANK_ADDRESS: z.string().min(1).max(200).default("1 Ledger Street, New York, NY 10004, USA"),
  ESCROW_BANK_ACCOUNT_NUMBER: z.string().min(1).max(64).default("000123456789"),
  ESCROW_BANK_ACCOUNT_TYPE: z.string().min(1).max(64).default("Escrow checking"),
  ESCROW_BANK_ROUTING_NUMBER: z.string().min(1).max(64).default("021000021"),
  ESCROW_BANK_BIC: z.string().min(1).max(64).default("DEMOUS33XXX"),
  /** "off" keeps this process from running the router worker (adapter follow-ups, proof checks). */
  ROUTER_WORKER: z.enum(["on", "off"]).default("on"),
  /** How often the router worker looks for due operations. */
  ROUTER_WORKER_INTERVAL_MS: z.coerce.number().int().min(20).max(60_000).default(250),
  /** Timeout of each call the router makes to a payment organization's adapter. */
  ROUTER_ADAPTER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** A deposit or withdrawal whose adapter has not finished it after this long fails (Code 20 / 30). */
  ROUTER_OPERATION_DEADLINE_SECONDS: z.coerce.number().int().min(1).max(30 * 86_400).default(86_400),
  /** A plan whose payment organization has not approved it after this long is Rejected. */
  ROUTER_APPROVAL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** A manual-signing request not answered after this long makes the plan Rejected. */
  ROUTER_SIGNING_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(7 * 86_400).default(600),
  /** Signs sessions and seals stored secrets; generated into DATA_DIR on first start when unset. */
  AUTH_SECRET: z.string().min(32, "at least 32 characters").optional(),
  /** When set, accepted as an admin bearer token (decisions.md §8). */
  ADMIN_TOKEN: z.string().min(24, "at least 24 characters").optional(),
  /** When set, a bearer token that may read GET /api/metrics (a Prometheus scraper), besides admins. */
  METRICS_TOKEN: z.string().min(24, "at least 24 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Largest JSON request body accepted, in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
  /** Largest document file accepted by a certificate upload, in bytes. */
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(10 * 1024 * 1024),
  /** Demo users and organizations are created on an empty database unless this is "false". */
  SEED_DEMO_DATA: z.enum(["true", "false"]).default("true"),
});

export type Env = Readonly<
  Omit<
    z.infer<typeof schema>,
    "DATABASE_URL" | "AUTH_SECRET" | "PUBLIC_URL" | "ESCROW_ADAPTER_URL" | "SEED_DEMO_DATA" | "ESCROW_COMPLETION" | "ESCROW_CURRENCIES" | "ESCROW_ROUTER_URL"
  > & {
    DATA_DIR: string;
    DATABASE_URL: string;
    DATABASE_PROVIDER: "sqlite" | "postgresql";
    /** Absolute path of the SQLite file, when the provider is SQLite. */
    SQLITE_FILE: string | null;
    AUTH_SECRET: string;
    PUBLIC_URL: string;
    ESCROW_ADAPTER_URL: string;
    SEED_DEMO_DATA: boolean;
    ESCROW_COMPLETION: CompletionModes;
    ESCROW_CURRENCIES: CurrencyTable;
    ESCROW_ROUTER_URL: string;
    VERSION: string;
  }
>;

function loadOrCreateAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  try {
    // "wx": if two processes start at once, the first one's secret wins and the other reads it.
    writeFileSync(file, `${secret}\n`, { flag: "wx", mode: 0o600 });
    return secret;
  } catch {
    return readFileSync(file, "utf8").trim();
  }
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as { version?: unknown };
    return typeof pkg.version === "string" ? pkg.version : "0.0.0";
  } catch {
    return "0.0.0";
  }
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings count as unset, so `FOO= npm start` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment settings:\n${lines.join("\n")}`);
  }
  const s = parsed.data;
  const derived = <T>(name: string, parse: () => T): T => {
    try {
      return parse();
    } catch (error) {
      throw new Error(`Invalid environment settings:\n  ${name}: ${(error as Error).message}`);
    }
  };
  const completion = derived("ESCROW_COMPLETION", () => parseCompletionModes(s.ESCROW_COMPLETION));
  const currencies = derived("ESCROW_CURRENCIES", () => parseCurrencies(s.ESCROW_CURRENCIES));
  const dataDir = path.resolve(s.DATA_DIR);
  const databaseUrl = s.DATABASE_URL ?? `file:${path.join(dataDir, "app.db")}`;
  const provider = databaseUrl.startsWith("file:") ? "sqlite" : "postgresql";
  const sqliteFile = provider === "sqlite" ? path.resolve(databaseUrl.slice("file:".length)) : null;
  const publicUrl = (s.PUBLIC_URL ?? `http://localhost:${s.PORT}`).replace(/\/+$/, "");
  return Object.freeze({
    ...s,
    DATA_DIR: dataDir,
    DATABASE_URL: sqliteFile ? `file:${sqliteFile}` : databaseUrl,
    DATABASE_PROVIDER: provider,
    SQLITE_FILE: sqliteFile,
    AUTH_SECRET: s.AUTH_SECRET ?? loadOrCreateAuthSecret(dataDir),
    PUBLIC_URL: publicUrl,
    ESCROW_ADAPTER_URL: (s.ESCROW_ADAPTER_URL ?? `${publicUrl}/api/adapter`).replace(/\/+$/, ""),
    SEED_DEMO_DATA: s.SEED_DEMO_DATA === "true",
    ESCROW_COMPLETION: completion,
    ESCROW_CURRENCIES: currencies,
    ESCROW_ROUTER_URL: (s.ESCROW_ROUTER_URL ?? `${publicUrl}/api/router`).replace(/\/+$/, ""),
    VERSION: readVersion(),
  });
}

export const env: Env = loadEnv();
