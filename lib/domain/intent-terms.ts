// The rules a new intent's terms must keep (interface.md "Intent", "Create intent body"; decisions.md
// §3, §8; flows.md "Primary sale", "Selling intent", "Buying intent"), with no I/O: the caller loads
// what they depend on (the asset, the owner profile, which organizations are payment organizations,
// the seller's available tokens, the currencies of the payment organizations) and gets back every
// broken rule, each naming its field. They are checked in the order of the body: terms, times, the
// asset instruction, then the type's own part, then what the payment organizations can pay.
import type { FieldError } from "@/lib/domain/app-error";
import type { Account, AccountWithAsset } from "@/lib/schemas/account";
import type { Asset } from "@/lib/schemas/asset";
import type { CreateIntentRequest } from "@/lib/schemas/intent";
import { currencyRefusal, type CurrencyTable } from "./escrow/currencies";
import { coversQuantity, quantityDecimalsProblem, settlementAmountOrNull } from "./token-quantity";

export type IntentTermsContext = {
  /** The asset of the path, and what it says about quantities and money. */
  asset: { id: string; decimals: number; denominationCode: string; issuerProfileId: string };
  /** The profile that publishes the intent (issuerId, seller or buyer), already known to be the caller's. */
  owner: { id: string; finId: string };
  /** Of the organizations the request names, those that are payment organizations. */
  paymentOrgIds: ReadonlySet<string>;
  /** A selling intent's seller: tokens of the asset held and not reserved ("0" without a balance). */
  availableTokens: string | null;
  nowSeconds: number;
  /**
   * The currencies (with their minor units) of the payment organizations whose tables this node
   * knows, by organization id: the built-in escrow's ESCROW_CURRENCIES.
   */
  currencyTables: ReadonlyMap<string, CurrencyTable>;
  /** Where an intent that names no payment organization (a buying intent) is paid: the built-in escrow. */
  defaultPaymentOrgId: string;
};

type Problems = FieldError[];

function add(problems: Problems, path: string, message: string): void {
  problems.push({ in: "body", path, message });
}

function describeAsset(asset: Asset): string {
  return asset.type === "fiat" ? `fiat ${asset.code}` : `p2p ${asset.resourceId}`;
}

function isThisAsset(asset: Asset, assetId: string): boolean {
  return asset.type === "p2p" && asset.resourceId === assetId;
}

function isCurrency(asset: Asset, code: string): boolean {
  return asset.type === "fiat" && asset.code === code;
}

/** An account of the owner's finId: the only kind an intent may pay into or deliver to. */
function checkOwnAccount(problems: Problems, path: string, account: Account, owner: IntentTermsContext["owner"]): account is Extract<Account, { type: "finId" }> {
  if (account.type !== "finId") {
    add(problems, `${path}.type`, 'must be "finId": an account of the intent\'s owner');
    return false;
  }
  if (account.finId !== owner.finId) {
    add(problems, `${path}.finId`, `must be the finId of profile ${owner.id} (${owner.finId})`);
    return false;
  }
  return true;
}

/** The owner's account at a payment organization: where money is paid to it. */
function checkPaymentAccount(problems: Problems, path: string, account: Account, ctx: IntentTermsContext): void {
  if (!checkOwnAccount(problems, path, account, ctx.owner)) return;
  if (account.orgId === undefined) add(problems, `${path}.orgId`, "must name the payment organization that holds the account");
  else if (!ctx.paymentOrgIds.has(account.orgId)) add(problems, `${path}.orgId`, `names ${account.orgId}, which is not a payment organization`);
}

function checkTerms(problems: Problems, request: CreateIntentRequest, ctx: IntentTermsContext): void {
  const { assetTerm, settlementTerm, assetInstruction } = request;
  if (assetTerm.asset.resourceId !== ctx.asset.id) {
    add(problems, "assetTerm.asset.resourceId", `must be the asset of the path, ${ctx.asset.id}`);
  }
  const decimalsProblem = quantityDecimalsProblem(assetTerm.amount, ctx.asset.decimals);
  if (decimalsProblem) add(problems, "assetTerm.amount", decimalsProblem);
  if (settlementTerm.asset.type !== "fiat") {
    add(problems, "settlementTerm.asset.type", 'must be "fiat": intents settle in money only');
  } else if (settlementTerm.asset.code !== ctx.asset.denominationCode) {
    add(problems, "settlementTerm.asset.code", `must be ${ctx.asset.denominationCode}, the asset's denomination`);
  }
  if (settlementAmountOrNull(assetTerm.amount, settlementTerm.unitValue) === null) {
    add(problems, "settlementTerm.unitValue", "times assetTerm.amount must fit 18 digits before and 18 after the point");
  }
  if (request.end <= ctx.nowSeconds) add(problems, "end", `must be in the future (now is ${ctx.nowSeconds})`);
  checkTokenAccount(problems, "assetInstruction.account", assetInstruction.account, ctx.asset.id);
}

/** Where tokens come from (sales) or go to (buys): a finId account in this asset. */
function checkTokenAccount(problems: Problems, path: string, accountWithAsset: AccountWithAsset, assetId: string): void {
  if (!isThisAsset(accountWithAsset.asset, assetId)) {
    add(problems, `${path}.asset`, `must be this asset, { type: "p2p", resourceId: "${assetId}" }, not ${describeAsset(accountWithAsset.asset)}`);
  }
  if (accountWithAsset.account.type !== "finId") add(problems, `${path}.account.type`, 'must be "finId": tokens are held by finIds');
}

type Part<T extends CreateIntentRequest["intent"]["type"]> = Extract<CreateIntentRequest["intent"], { type: T }>;

function checkPrimarySale(problems: Problems, request: CreateIntentRequest, part: Part<"primarySale">, ctx: IntentTermsContext): void {
  if (part.issuerId !== ctx.asset.issuerProfileId) {
    add(problems, "intent.issuerId", `must be the asset's issuer profile, ${ctx.asset.issuerProfileId}`);
  }
  const base = "intent.sellingSettlementInstruction";
  const { whiteListedEscrows, accounts } = part.sellingSettlementInstruction;
  whiteListedEscrows.forEach((orgId, i) => {
    if (!ctx.paymentOrgIds.has(orgId)) add(problems, `${base}.whiteListedEscrows.${i}`, `names ${orgId}, which is not a payment organization`);
  });
  const currency = request.settlementTerm.asset.type === "fiat" ? request.settlementTerm.asset.code : null;
  accounts.forEach(({ asset, identifier }, i) => {
    const path = `${base}.accounts.${i}`;
    if (currency !== null && !isCurrency(asset, currency)) add(problems, `${path}.asset`, `must be fiat ${currency}, the settlement currency`);
    if (!checkOwnAccount(problems, `${path}.identifier`, identifier, ctx.owner)) return;
    if (identifier.orgId === undefined) add(problems, `${path}.identifier.orgId`, "must name the escrow organization that holds the account");
    else if (!whiteListedEscrows.includes(identifier.orgId)) {
      add(problems, `${path}.identifier.orgId`, `names ${identifier.orgId}, which is not in whiteListedEscrows`);
    }
  });
}

function checkSellingIntent(problems: Problems, request: CreateIntentRequest, part: Part<"sellingIntent">, ctx: IntentTermsContext): void {
  const available = ctx.availableTokens ?? "0";
  if (!coversQuantity(available, request.assetTerm.amount)) {
    add(problems, "assetTerm.amount", `is more than the seller's ${available} available tokens of the asset`);
  }
  const path = "intent.settlementInstruction.destinationAccounts";
  const { account, asset } = part.settlementInstruction.destinationAccounts;
  const currency = request.settlementTerm.asset.type === "fiat" ? request.settlementTerm.asset.code : null;
  if (currency !== null && !isCurrency(asset, currency)) add(problems, `${path}.asset`, `must be fiat ${currency}, the settlement currency: where the seller is paid`);
  checkPaymentAccount(problems, `${path}.account`, account, ctx);
}

function checkBuyingIntent(problems: Problems, request: CreateIntentRequest, part: Part<"buyingIntent">, ctx: IntentTermsContext): void {
  const { expiry, destinationAccounts } = part.settlementInstruction;
  if (expiry <= request.start) add(problems, "intent.settlementInstruction.expiry", "must be after start");
  const path = "intent.settlementInstruction.destinationAccounts";
  const { account, asset } = destinationAccounts;
  const currency = request.settlementTerm.asset.type === "fiat" ? request.settlementTerm.asset.code : null;
  // The buyer's account in this asset (where its tokens arrive); its money account in the settlement
  // currency is accepted too, as a client reading "settlement instruction" may well send that.
  if (isThisAsset(asset, ctx.asset.id)) checkOwnAccount(problems, `${path}.account`, account, ctx.owner);
  else if (currency !== null && isCurrency(asset, currency)) checkPaymentAccount(problems, `${path}.account`, account, ctx);
  else add(problems, `${path}.asset`, `must be this asset (p2p ${ctx.asset.id})${currency ? ` or fiat ${currency}` : ""}`);
}

/**
 * The payment organizations must be able to pay the unit price and the total of the whole quantity
 * in the settlement currency's minor units: "1.005 USD" could be published, but never paid.
 */
function checkMinorUnits(problems: Problems, request: CreateIntentRequest, ctx: IntentTermsContext): void {
  if (request.settlementTerm.asset.type !== "fiat") return;
  const currency = request.settlementTerm.asset.code;
  const { unitValue } = request.settlementTerm;
  const named = namedOrganizationIds(request).filter((orgId) => ctx.paymentOrgIds.has(orgId));
  // A quantity already refused (its decimals, the seller's tokens) gets no second complaint about its total.
  const total = problems.some((p) => p.path === "assetTerm.amount") ? null : settlementAmountOrNull(request.assetTerm.amount, unitValue);
  for (const orgId of named.length > 0 ? named : [ctx.defaultPaymentOrgId]) {
    const table = ctx.currencyTables.get(orgId);
    if (table === undefined) continue;
    const decimals = table.get(currency);
    if (decimals === undefined) {
      add(problems, "settlementTerm.asset.code", `cannot be paid at ${orgId}, which keeps ${[...table.keys()].join(", ")} only`);
      return;
    }
    const priceProblem = currencyRefusal(table, currency, unitValue);
    if (priceProblem !== null) {
      add(problems, "settlementTerm.unitValue", `cannot be paid at ${orgId}: ${priceProblem}`);
      return;
    }
    if (total !== null && currencyRefusal(table, currency, total) !== null) {
      add(problems, "assetTerm.amount", `times the unit price is ${total} ${currency}, which cannot be paid at ${orgId}: it has more fraction digits than the currency's ${decimals}`);
      return;
    }
  }
}

/** Every rule the request breaks, in the order of the body; empty when the intent may be created. */
export function intentTermsProblems(request: CreateIntentRequest, ctx: IntentTermsContext): FieldError[] {
  const problems: Problems = [];
  checkTerms(problems, request, ctx);
  const part = request.intent;
  switch (part.type) {
    case "primarySale":
      checkPrimarySale(problems, request, part, ctx);
      break;
    case "sellingIntent":
      checkSellingIntent(problems, request, part, ctx);
      break;
    case "buyingIntent":
      checkBuyingIntent(problems, request, part, ctx);
      break;
  }
  checkMinorUnits(problems, request, ctx);
  return problems;
}

/** The profile an intent belongs to: the issuer of a primary sale, the seller, or the buyer. */
export function intentOwnerProfileId(part: CreateIntentRequest["intent"]): string {
  switch (part.type) {
    case "primarySale":
      return part.issuerId;
    case "sellingIntent":
      return part.seller;
    case "buyingIntent":
      return part.buyer;
  }
}

/** The organizations a request names as payment organizations, to look up before the check. */
export function namedOrganizationIds(request: CreateIntentRequest): string[] {
  const part = request.intent;
  const accounts: Account[] =
    part.type === "primarySale"
      ? part.sellingSettlementInstruction.accounts.map((a) => a.identifier)
      : [part.settlementInstruction.destinationAccounts.account];
  const ids = accounts.flatMap((a) => (a.type === "finId" && a.orgId !== undefined ? [a.orgId] : []));
  if (part.type === "primarySale") ids.push(...part.sellingSettlementInstruction.whiteListedEscrows);
  return [...new Set(ids)];
}
