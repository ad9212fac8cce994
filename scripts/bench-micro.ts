// npm run bench:micro – figures for the hot paths of a trade inside one process (template hashing,
// signatures, decimals, Prisma statements, escrow postings), printed, never asserted. Runs on a
// throwaway SQLite file under .tmp/bench-micro so it never touches real data. The settlement
// benchmark itself is npm run bench (scripts/bench.ts).
import { rmSync } from "node:fs";
import path from "node:path";
import { addAmounts, multiplyAmounts, parseAmount, formatAmount } from "@/lib/domain/amount";
import { canonicalJsonSha256 } from "@/lib/domain/canonical-json";
import { generateNonce } from "@/lib/domain/nonce";
import { buildTradeTemplate } from "@/lib/domain/signature-template";
import { getFinId, signHash, verifyHashSignature } from "@/lib/domain/secp256k1";
import { verifyHashSignatureNode } from "@/lib/domain/secp256k1-node";

type Row = { name: string; perSecond: number; microsPerOp: number };
const rows: Row[] = [];

function record(name: string, iterations: number, startedNs: bigint): void {
  const seconds = Number(process.hrtime.bigint() - startedNs) / 1e9;
  rows.push({ name, perSecond: iterations / seconds, microsPerOp: (seconds / iterations) * 1e6 });
}

// Synchronous work is timed without an await per iteration, which would add a microtask to each.
function measure(name: string, iterations: number, work: (i: number) => unknown): void {
  for (let i = 0; i < Math.min(200, iterations); i++) work(i); // warm up
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) work(i);
  record(name, iterations, started);
}

async function measureAsync(name: string, iterations: number, work: (i: number) => Promise<unknown>): Promise<void> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await work(i);
  record(name, iterations, started);
}

const buyerKey = "0000000000000000000000000000000000000000000011110000000000001111";
const sellerKey = "0000000000000000000000000000000000000000000022220000000000002222";
const buyer = getFinId(buyerKey);
const seller = getFinId(sellerKey);
const template = () =>
  buildTradeTemplate({
    nonce: generateNonce(),
    operation: "transfer",
    asset: { assetType: "p2p", assetId: "node:102:8c7d5a52-3f0e-4c55-9a55-0d1b6a7f1e01" },
    source: { accountType: "finId", account: seller },
    destination: { accountType: "finId", account: buyer },
    amount: "25",
    payment: {
      assetType: "fiat",
      assetId: "USD",
      source: { accountType: "finId", account: buyer },
      destination: { accountType: "finId", account: seller },
      amount: "105.00",
      expiry: 1_700_086_400,
    },
  });

const sample = template();
const signature = signHash(sample.hash, buyerKey);

measure("trade template build (2 groups, sha3-256)", 20_000, () => template());
// What the escrow hashes of each request it receives (idempotency): a hold request with its signature.
const holdRequest = { nonce: sample.hashGroups[0]?.fields[0]?.value, operationId: "9b2f4c1e-5d6a-4e0b-8c3f-1a2b3c4d5e6f", source: { finId: buyer, account: { type: "fiat" } }, quantity: "105", expiry: 1_700_086_400, signature: { signature: "ab".repeat(64), template: sample } };
measure("request hash (canonical JSON + sha256 of a hold request)", 20_000, () => canonicalJsonSha256(holdRequest));
measure("secp256k1 sign (noble)", 2_000, () => signHash(sample.hash, buyerKey));
measure("secp256k1 verify (noble)", 2_000, () => verifyHashSignature(sample.hash, signature, buyer));
measure("secp256k1 verify (server entry point)", 2_000, () => verifyHashSignatureNode(sample.hash, signature, buyer));
const price = parseAmount("4.2");
measure("decimal parse + multiply + add + format", 200_000, (i) =>
  formatAmount(addAmounts(multiplyAmounts(parseAmount(`${i % 1000}.25`), price), price)),
);

// The database: a throwaway file, migrated like production.
const dataDir = path.resolve(".tmp", "bench-micro");
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
const { spawnSync } = await import("node:child_process");
const migrated = spawnSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], { env: { ...process.env, CHECKPOINT_DISABLE: "1" }, encoding: "utf8" });
if (migrated.status !== 0) throw new Error(migrated.stderr);
const { db } = await import("@/lib/server/db/client");
const { randomUUID } = await import("node:crypto");
await measureAsync("audit row insert (Prisma, SQLite WAL)", 2_000, () =>
  db.auditLog.create({ data: { id: randomUUID(), action: "bench", subjectType: "bench", subjectId: "x" } }),
);
await measureAsync("interactive transaction: insert + conditional update", 1_000, () =>
  db.$transaction(async (tx) => {
    const id = randomUUID();
    await tx.auditLog.create({ data: { id, action: "bench", subjectType: "bench", subjectId: "x" } });
    await tx.auditLog.updateMany({ where: { id, action: "bench" }, data: { action: "bench-done" } });
  }),
);
// The escrow books: a hold then its release, each a journal entry with conditional account writes.
const { ensureAccount, postMovement, BANK_OWNER } = await import("@/lib/server/escrow/post-movement");
const { unitsOf } = await import("@/lib/domain/escrow/ledger-units");
const { verifyHoldSignature } = await import("@/lib/domain/escrow/signed-terms");
const { inTransaction } = await import("@/lib/server/db/sql");
const accounts = await inTransaction(async (tx) => {
  const bank = await ensureAccount(tx, BANK_OWNER, "USD");
  const from = await ensureAccount(tx, buyer, "USD");
  const to = await ensureAccount(tx, seller, "USD");
  await postMovement(tx, { movement: { kind: "deposit", bankId: bank.id, accountId: from.id, currency: "USD", units: unitsOf("1000000") }, causeId: "bench" });
  return { from: from.id, to: to.id };
});
const tenDollars = unitsOf("10");
await measureAsync("escrow hold + release (2 journal entries, 3 conditional account writes, typed SQL)", 1_000, async () => {
  await inTransaction((tx) =>
    postMovement(tx, { movement: { kind: "hold", accountId: accounts.from, currency: "USD", units: tenDollars }, causeId: "bench" }),
  );
  await inTransaction((tx) =>
    postMovement(tx, { movement: { kind: "release", fromId: accounts.from, toId: accounts.to, currency: "USD", units: tenDollars }, causeId: "bench" }),
  );
});
// The sample trade's payment leg is what a hold of 105 USD checks.
const holdEnvelope = { nonce: sample.hashGroups[0]?.fields[0]?.value ?? "", signature: { signature, template: sample } };
const holdTerms = { currency: "USD", sourceFinId: buyer, quantity: "105", expiry: 1_700_086_400 };
if (!verifyHoldSignature(holdEnvelope, holdTerms).ok) throw new Error("the bench's hold signature should verify");
measure("escrow hold signature check (terms + hashes + verify)", 2_000, () =>
  verifyHoldSignature(holdEnvelope, holdTerms),
);
await db.$disconnect();
rmSync(dataDir, { recursive: true, force: true });

const width = Math.max(...rows.map((r) => r.name.length));
console.log(`\nBenchmarks (node ${process.version}, one process)\n`);
console.log(`${"operation".padEnd(width)}  ${"ops/s".padStart(10)}  ${"µs/op".padStart(9)}`);
for (const r of rows) {
  console.log(`${r.name.padEnd(width)}  ${Math.round(r.perSecond).toLocaleString("en-US").padStart(10)}  ${r.microsPerOp.toFixed(1).padStart(9)}`);
}
