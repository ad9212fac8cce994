// Reads an execution request against its intent and answers the Trade it describes, or refuses it
// (decisions.md §3, §5, §7; interface.md "Execute intent body", "Limits"). Checked in this order,
// each refusal naming the field: the intent's type and status, the tokens (asset, amount within the
// remaining quantity and the asset's decimals), the money (currency, amount = quantity × unitValue
// exactly), who is buyer and who is seller, every account, and the expiry. Nothing is written here.
import { AppError, type AppErrorCode } from "@/lib/domain/app-error";
import { amountsEqual, compareAmounts, formatAmount, fractionDigits, multiplyAmounts, parseAmount } from "@/lib/domain/amount";
import type { Trade } from "@/lib/domain/trade/trade";
import { env } from "@/lib/env";
import type { Selectable } from "kysely";
import type { AccountWithAsset } from "@/lib/schemas/account";
import { EXECUTED_INTENT_TYPE, type ExecuteIntentRequest } from "@/lib/schemas/intent-execution";
import type { Intent } from "@/lib/schemas/intent";
import { assetTerms, type AssetTerms } from "@/lib/server/assets/asset-terms";
import { ImmutableRows } from "@/lib/server/db/immutable-rows";
import { prepared, sqlDb, type DB } from "@/lib/server/db/sql";
import { organizationRecord } from "@/lib/server/organizations/organization-cache";

const TERMS = "intent";

export type IntentRow = Selectable<DB["Intent"]>;
export type ProfileRow = Pick<Selectable<DB["Profile"]>, "id" | "finId" | "ownerUserId">;

const profileById = prepared((db, a: { id: string }) => db.selectFrom("Profile").select(["id", "finId", "ownerUserId"]).where("id", "=", a.id));

/** Profiles' id, finId and owner never change (immutable-rows.ts): an execution's two reads of them are kept. */
const PROFILES_KEPT_MAX = 20_000;
const profiles = new ImmutableRows<ProfileRow>(PROFILES_KEPT_MAX);

/** The profile `id` (the columns an execution needs), or undefined. */
export function findProfile(id: string): Promise<ProfileRow | undefined> {
  return profiles.find(id, () => profileById.first(sqlDb, { id }));
}

/** True when `orgId` is a payment organization with an adapter (one the router can reach). */
async function isPaymentOrganization(orgId: string): Promise<boolean> {
  const org = await organizationRecord(orgId);
  return org?.kind === "escrow" && Boolean(org.adapterUrl);
}

function refuse(code: AppErrorCode, path: string, message: string): never {
  throw new AppError(code, `${path} ${message}; nothing was executed.`, [{ in: "body", path, message }]);
}

type Sides = { buyer: ProfileRow; seller: ProfileRow };

async function profile(id: string, path: string): Promise<ProfileRow> {
  const found = await findProfile(id);
  if (!found) refuse("UNPROCESSABLE", path, `names no profile (${id})`);
  return found;
}

function checkStatus(intent: IntentRow, nowSeconds: number): void {
  if (compareAmounts(parseAmount(intent.remainingQuantity), parseAmount("0")) <= 0 || intent.status === "COMPLETED") {
    throw new AppError("STATE_CONFLICT", `Intent ${intent.id} is COMPLETED: nothing remains to execute.`);
  }
  if (intent.status !== "ACTIVE") throw new AppError("STATE_CONFLICT", `Intent ${intent.id} is disabled (${intent.status}); it cannot be executed.`);
  if (nowSeconds < intent.start) refuse("UNPROCESSABLE", "intentId", `names an intent that opens at ${intent.start} (now ${nowSeconds})`);
  if (nowSeconds > intent.end) refuse("UNPROCESSABLE", "intentId", `names an intent that expired at ${intent.end} (now ${nowSeconds})`);
}

function checkTokens(body: ExecuteIntentRequest, intent: IntentRow, asset: AssetTerms): void {
  const term = body.intent.asset.term;
  if (term.asset.resourceId !== intent.assetId) refuse("UNPROCESSABLE", `${TERMS}.asset.term.asset.resourceId`, `must be the intent's asset ${intent.assetId}`);
  const amount = parseAmount(term.amount);
  if (fractionDigits(amount) > asset.decimals) {
    refuse("UNPROCESSABLE", `${TERMS}.asset.term.amount`, `has more than the asset's ${asset.decimals} decimal places`);
  }
  if (compareAmounts(amount, parseAmount(intent.remainingQuantity)) > 0) {
    refuse("QUANTITY_EXCEEDED", `${TERMS}.asset.term.amount`, `${term.amount} exceeds the intent's remaining quantity ${intent.remainingQuantity}`);
  }
}

function checkMoney(body: ExecuteIntentRequest, intent: IntentRow, view: Intent): string {
  const settlement = body.intent.settlement.term;
  const priced = view.settlementTerm.asset;
  if (settlement.asset.type !== "fiat" || priced.type !== "fiat" || settlement.asset.code !== priced.code) {
    refuse("UNPROCESSABLE", `${TERMS}.settlement.term.asset`, `must be the intent's settlement asset ${JSON.stringify(priced)}`);
  }
  const expected = multiplyAmounts(parseAmount(body.intent.asset.term.amount), parseAmount(intent.unitValue));
  if (!amountsEqual(parseAmount(settlement.amount), expected)) {
    refuse("AMOUNT_MISMATCH", `${TERMS}.settlement.term.amount`, `must be ${formatAmount(expected)} (${body.intent.asset.term.amount} × unitValue ${intent.unitValue}), not ${settlement.amount}`);
  }
  return settlement.asset.code;
}

/** The buyer and the seller (the issuer of a primary sale), by the rules of each execution type. */
async function sidesOf(body: ExecuteIntentRequest, intent: IntentRow, executor: ProfileRow): Promise<Sides> {
  const terms = body.intent;
  if (terms.type === "buyingIntentExecution") {
    if (terms.buyer !== intent.ownerProfileId) refuse("UNPROCESSABLE", `${TERMS}.buyer`, `must be the buying intent's buyer ${intent.ownerProfileId}`);
    if (intent.ownerProfileId === executor.id) refuse("UNPROCESSABLE", "user", "cannot execute its own intent");
    return { buyer: await profile(intent.ownerProfileId, `${TERMS}.buyer`), seller: executor };
  }
  if (terms.buyer !== body.user) refuse("UNPROCESSABLE", `${TERMS}.buyer`, "must be the user executing the intent");
  if (terms.type === "primarySaleExecution" && terms.issuer !== intent.ownerProfileId) {
    refuse("UNPROCESSABLE", `${TERMS}.issuer`, `must be the primary sale's issuer ${intent.ownerProfileId}`);
  }
  const seller = await profile(intent.ownerProfileId, "intentId");
  if (seller.id === executor.id) refuse("UNPROCESSABLE", "user", "cannot execute its own intent");
  return { buyer: executor, seller };
}

function finIdAccount(a: AccountWithAsset, path: string, finId: string, what: string): { orgId: string | undefined } {
  if (a.account.type !== "finId") refuse("UNPROCESSABLE", `${path}.account.type`, `must be "finId": the ${what}'s account`);
  if (a.account.finId.toLowerCase() !== finId) refuse("UNPROCESSABLE", `${path}.account.finId`, `must be the ${what}'s finId ${finId}`);
  return { orgId: a.account.orgId };
}

function checkTokenAccounts(body: ExecuteIntentRequest, intent: IntentRow, sides: Sides): void {
  const instruction = body.intent.asset.instruction;
  const destinationPath = `${TERMS}.asset.instruction.destinationAccount`;
  for (const [a, path] of [[instruction.destinationAccount, destinationPath], ...("sourceAccount" in instruction ? [[instruction.sourceAccount, `${TERMS}.asset.instruction.sourceAccount`] as const] : [])] as const) {
    if (a.asset.type !== "p2p" || a.asset.resourceId !== intent.assetId) refuse("UNPROCESSABLE", `${path}.asset`, `must be the intent's asset ${intent.assetId}`);
  }
  const { orgId } = finIdAccount(instruction.destinationAccount, destinationPath, sides.buyer.finId, "buyer");
  // interface.md: the orgId of the token destination is that of the asset distributor, not the investor's.
  if (orgId !== undefined && orgId !== env.ORG_ID) refuse("UNPROCESSABLE", `${destinationPath}.account.orgId`, `must be ${env.ORG_ID}, the organization distributing the asset`);
  if ("sourceAccount" in instruction) finIdAccount(instruction.sourceAccount, `${TERMS}.asset.instruction.sourceAccount`, sides.seller.finId, "seller");
}

async function checkMoneyAccounts(body: ExecuteIntentRequest, view: Intent, sides: Sides, currency: string): Promise<string> {
  const instruction = body.intent.settlement.instruction;
  const base = `${TERMS}.settlement.instruction`;
  for (const [a, path] of [[instruction.sourceAccount, `${base}.sourceAccount`], [instruction.destinationAccount, `${base}.destinationAccount`]] as const) {
    if (a.asset.type !== "fiat" || a.asset.code !== currency) refuse("UNPROCESSABLE", `${path}.asset`, `must be fiat ${currency}`);
  }
  const source = finIdAccount(instruction.sourceAccount, `${base}.sourceAccount`, sides.buyer.finId, "buyer");
  const destination = finIdAccount(instruction.destinationAccount, `${base}.destinationAccount`, sides.seller.finId, view.type === "primarySale" ? "issuer" : "seller");
  if (!source.orgId || !(await isPaymentOrganization(source.orgId))) {
    refuse("UNPROCESSABLE", `${base}.sourceAccount.account.orgId`, "must name the payment organization holding the buyer's money");
  }
  if (destination.orgId !== source.orgId) refuse("UNPROCESSABLE", `${base}.destinationAccount.account.orgId`, `must be ${source.orgId}, where the buyer's money is held`);
  const part = view.intent;
  if (part.type === "primarySale") {
    const listed = part.sellingSettlementInstruction;
    if (!listed.whiteListedEscrows.includes(source.orgId)) refuse("UNPROCESSABLE", `${base}.sourceAccount.account.orgId`, `must be one of the sale's escrow organizations: ${listed.whiteListedEscrows.join(", ")}`);
    const payable = listed.accounts.some((a) => a.identifier.type === "finId" && a.identifier.finId.toLowerCase() === sides.seller.finId && (a.identifier.orgId ?? source.orgId) === source.orgId);
    if (!payable) refuse("UNPROCESSABLE", `${base}.destinationAccount`, "must be one of the accounts the primary sale is paid to");
  } else if (part.type === "sellingIntent") {
    const wanted = part.settlementInstruction.destinationAccounts.account;
    if (wanted.type === "finId" && wanted.orgId !== undefined && wanted.orgId !== source.orgId) {
      refuse("UNPROCESSABLE", `${base}.destinationAccount.account.orgId`, `must be ${wanted.orgId}, where the seller is paid`);
    }
  }
  return source.orgId;
}

function holdExpiryOf(body: ExecuteIntentRequest, view: Intent, nowSeconds: number): { signed: number | null; hold: number } {
  const given = body.intent.settlement.instruction.expiry;
  if (given !== undefined) {
    if (given <= nowSeconds) refuse("UNPROCESSABLE", `${TERMS}.settlement.instruction.expiry`, `must be in the future (now ${nowSeconds})`);
    return { signed: given, hold: given };
  }
  const fromIntent = view.intent.type === "buyingIntent" ? view.intent.settlementInstruction.expiry : undefined;
  if (fromIntent === undefined || fromIntent <= nowSeconds) {
    refuse("UNPROCESSABLE", "intentId", "names a buying intent whose hold expiry has passed");
  }
  return { signed: null, hold: fromIntent };
}

export async function resolveTrade(body: ExecuteIntentRequest, intent: IntentRow, view: Intent, executor: ProfileRow, nowSeconds: number): Promise<Trade> {
  const expected = EXECUTED_INTENT_TYPE[body.intent.type];
  if (expected !== intent.type) refuse("UNPROCESSABLE", `${TERMS}.type`, `executes a ${expected}, but intent ${intent.id} is a ${intent.type}`);
  checkStatus(intent, nowSeconds);
  const asset = await assetTerms(intent.assetId);
  if (!asset) throw new Error(`intent ${intent.id} names asset ${intent.assetId}, which does not exist`);
  checkTokens(body, intent, asset);
  const currency = checkMoney(body, intent, view);
  const sides = await sidesOf(body, intent, executor);
  checkTokenAccounts(body, intent, sides);
  const escrowOrgId = await checkMoneyAccounts(body, view, sides, currency);
  const expiry = holdExpiryOf(body, view, nowSeconds);
  const kind = intent.type === "primarySale" || intent.type === "sellingIntent" || intent.type === "buyingIntent" ? intent.type : refuse("UNPROCESSABLE", "intentId", "names an intent of an unknown type");
  return {
    kind,
    assetId: intent.assetId,
    quantity: body.intent.asset.term.amount,
    currency,
    settlementAmount: body.intent.settlement.term.amount,
    buyerFinId: sides.buyer.finId,
    sellerFinId: sides.seller.finId,
    escrowOrgId,
    tokenOrgId: env.ORG_ID,
    nonce: body.intent.nonce.toLowerCase(),
    signedExpiry: expiry.signed,
    holdExpiry: expiry.hold,
    executorFinId: executor.finId,
    counterpartyFinId: kind === "primarySale" ? null : kind === "sellingIntent" ? sides.seller.finId : sides.buyer.finId,
  };
}
