// From the fields of the publish-intent form to the Create intent body (interface.md "Create intent
// body"; decisions.md §3, §8). The body is checked twice before it is sent, with exactly what the
// server checks: its zod schema (shape, amounts, expiry only on buying intents, end after start)
// and the pure rules of lib/domain/intent-terms.ts (this asset, its decimals and currency, the
// owner's own accounts, payment organizations, the seller's available tokens, end in the future,
// a price and total the built-in escrow can pay in the currency's minor units).
// Every problem is put beside the form field it is about.
import type { CurrencyTable } from "@/lib/domain/escrow/currencies";
import { intentTermsProblems } from "@/lib/domain/intent-terms";
import type { NodeSettings } from "@/lib/client/node-settings";
import type { AssetView } from "@/lib/schemas/asset";
import { createIntentRequestSchema, type CreateIntentRequest, type IntentType } from "@/lib/schemas/intent";

export type IntentFormField = "type" | "assetId" | "amount" | "unitValue" | "start" | "end" | "expiry" | "orgId" | "endpoint" | "secret" | "form";

export type IntentFormValues = {
  type: IntentType;
  assetId: string;
  amount: string;
  unitValue: string;
  /** `<input type="datetime-local">` values, in the browser's time zone. */
  start: string;
  end: string;
  /** Buying intents only: until when the buyer's money may be held. */
  expiry: string;
  /** The payment organization: where a seller is paid, or a primary sale's whitelisted escrow. */
  orgId: string;
  /** Selling and buying intents: the signature policy's endpoint, and its optional secret. */
  endpoint: string;
  secret: string;
};

export type IntentFormContext = {
  asset: AssetView;
  owner: { id: string; finId: string };
  paymentOrgIds: ReadonlySet<string>;
  /** The owner's tokens of the asset not reserved, for a selling intent ("0" when none). */
  availableTokens: string;
  nowSeconds: number;
} & PaymentCurrencies;

/** The currencies this node knows payment organizations to keep: the built-in escrow's. */
export type PaymentCurrencies = { currencyTables: ReadonlyMap<string, CurrencyTable>; defaultPaymentOrgId: string };

export function paymentCurrencies(settings: NodeSettings): PaymentCurrencies {
  return {
    currencyTables: new Map([[settings.builtInEscrowOrgId, new Map(settings.escrowCurrencies.map((c) => [c.code, c.minorUnits] as const))]]),
    defaultPaymentOrgId: settings.builtInEscrowOrgId,
  };
}

export type IntentFormErrors = Partial<Record<IntentFormField, string>>;
export type IntentFormResult = { ok: true; request: CreateIntentRequest } | { ok: false; errors: IntentFormErrors };

const LOCAL_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/;

/** Epoch seconds of a datetime-local value (the browser's time zone), or NaN. */
export function localTimeToEpochSeconds(value: string): number {
  if (!LOCAL_TIME_PATTERN.test(value)) return Number.NaN;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? Number.NaN : Math.floor(ms / 1000);
}

/** A datetime-local value (to the minute, the browser's time zone) for epoch seconds. */
export function epochSecondsToLocalTime(seconds: number): string {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The clock, in epoch seconds: a function, so components read it in event handlers only. */
export function currentEpochSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** The portal's own manual-signing callback for a profile: the owner signs in the signing inbox. */
export function portalSigningEndpoint(origin: string, profileId: string): string {
  // A profile id (node:101:<uuid>) is safe in a path as it is; the callback checks it before use.
  return `${origin}/api/signing/callback/${profileId}`;
}

/** Which form field a body path (from the schema, the rules or the server's errors[]) is about. */
export function intentFieldOf(path: string): IntentFormField {
  const p = path.replace(/^body\./, "");
  if (p.startsWith("assetTerm.amount")) return "amount";
  if (p.startsWith("assetTerm") || p.startsWith("assetInstruction") || p === "intent.issuerId") return "assetId";
  if (p.startsWith("settlementTerm")) return "unitValue";
  if (p === "start") return "start";
  if (p === "end") return "end";
  if (p.startsWith("intent.settlementInstruction.expiry")) return "expiry";
  if (p.startsWith("intent.signaturePolicy.secret")) return "secret";
  if (p.startsWith("intent.signaturePolicy")) return "endpoint";
  if (p.startsWith("intent.sellingSettlementInstruction") || p.startsWith("intent.settlementInstruction")) return "orgId";
  if (p === "intent.type" || p === "intent") return "type";
  return "form";
}

function addError(errors: IntentFormErrors, field: IntentFormField, message: string): void {
  // The first problem of a field is the one to fix first; the others follow once it is fixed.
  errors[field] ??= message;
}

function intentPart(values: IntentFormValues, ctx: IntentFormContext, currency: string, tokens: { type: "p2p"; resourceId: string }): unknown {
  const money = { type: "fiat", code: currency };
  const policy = { type: "manualPolicy", endpoint: values.endpoint.trim(), ...(values.secret === "" ? {} : { secret: values.secret }) };
  switch (values.type) {
    case "primarySale":
      return {
        type: "primarySale",
        issuerId: ctx.owner.id,
        sellingSettlementInstruction: {
          type: "escrow",
          whiteListedEscrows: [values.orgId],
          accounts: [{ asset: money, identifier: { type: "finId", finId: ctx.owner.finId, orgId: values.orgId } }],
        },
      };
    case "sellingIntent":
      return {
        type: "sellingIntent",
        seller: ctx.owner.id,
        settlementInstruction: { type: "escrow", destinationAccounts: { account: { type: "finId", finId: ctx.owner.finId, orgId: values.orgId }, asset: money } },
        signaturePolicy: policy,
      };
    case "buyingIntent":
      return {
        type: "buyingIntent",
        buyer: ctx.owner.id,
        settlementInstruction: {
          type: "escrow",
          // Where the bought tokens arrive: the buyer's own account in this asset, on the asset's node.
          destinationAccounts: { account: { type: "finId", finId: ctx.owner.finId, orgId: ctx.asset.organizationId }, asset: tokens },
          expiry: localTimeToEpochSeconds(values.expiry),
        },
        signaturePolicy: policy,
      };
  }
}

/** The request body of the form's values, or every problem with it by field. */
export function buildIntentRequest(values: IntentFormValues, ctx: IntentFormContext): IntentFormResult {
  const currency = ctx.asset.denomination.code;
  const tokens = { type: "p2p" as const, resourceId: ctx.asset.id };
  const errors: IntentFormErrors = {};
  const times = { start: localTimeToEpochSeconds(values.start), end: localTimeToEpochSeconds(values.end) };
  if (Number.isNaN(times.start)) addError(errors, "start", "Enter a date and time.");
  if (Number.isNaN(times.end)) addError(errors, "end", "Enter a date and time.");
  if (values.type === "buyingIntent" && Number.isNaN(localTimeToEpochSeconds(values.expiry))) addError(errors, "expiry", "Enter a date and time.");
  if (values.type !== "primarySale" && values.endpoint.trim() === "") addError(errors, "endpoint", "Enter the URL that is asked for your signature.");
  if (values.orgId === "") addError(errors, "orgId", "Choose a payment organization.");
  const body = {
    assetTerm: { asset: tokens, amount: values.amount.trim() },
    assetInstruction: { account: { account: { type: "finId", finId: ctx.owner.finId, orgId: ctx.asset.organizationId }, asset: tokens } },
    settlementTerm: { asset: { type: "fiat", code: currency }, unitValue: values.unitValue.trim() },
    intent: intentPart(values, ctx, currency, tokens),
    ...times,
  };
  const parsed = createIntentRequestSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) addError(errors, intentFieldOf(issue.path.join(".")), issue.message);
    return { ok: false, errors };
  }
  const problems = intentTermsProblems(parsed.data, {
    asset: { id: ctx.asset.id, decimals: ctx.asset.decimals, denominationCode: currency, issuerProfileId: ctx.asset.issuerId },
    owner: ctx.owner,
    paymentOrgIds: ctx.paymentOrgIds,
    availableTokens: ctx.availableTokens,
    nowSeconds: ctx.nowSeconds,
    currencyTables: ctx.currencyTables,
    defaultPaymentOrgId: ctx.defaultPaymentOrgId,
  });
  for (const problem of problems) addError(errors, intentFieldOf(problem.path), problem.message);
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, request: parsed.data };
}
