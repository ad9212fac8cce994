// POST {router_url}/finapi/profiles/asset/{assetId}/intent – publish a primary sale (the asset's
// issuer), a selling intent (an owner of tokens) or a buying intent (flows.md). Precedence of refusals:
// unknown asset 404; a primary sale by a caller who is not an issuer 403; an owner profile (issuerId,
// seller, buyer) the caller does not own 404; then every broken rule of lib/domain/intent-terms.ts
// (with the built-in escrow's currencies) and a signature policy endpoint this node may not call
// (lib/domain/signing-endpoint.ts) at once, 422 naming each field. Nothing is written unless all
// pass; the intent and its audit row are one transaction. The seller's tokens are only looked at
// here: executions reserve them. An Idempotency-Key header makes a retry answer the same intent
// (lib/server/http/create-once.ts).
import { AppError, type FieldError } from "@/lib/domain/app-error";
import { makeId } from "@/lib/domain/ids";
import { intentOwnerProfileId, intentTermsProblems, namedOrganizationIds, type IntentTermsContext } from "@/lib/domain/intent-terms";
import { endpointRefusal } from "@/lib/domain/signing-endpoint";
import { availableTokens } from "@/lib/domain/token-quantity";
import { env } from "@/lib/env";
import type { Asset, Profile } from "@/lib/generated/prisma/client";
import type { CreateIntentRequest } from "@/lib/schemas/intent";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { createOnce, type KeyedCreate } from "@/lib/server/http/create-once";
import { findAccessibleProfile } from "@/lib/server/profiles/find-accessible-profile";
import { findPaymentOrganization } from "@/lib/server/router-ops/adapter-client";
import { findAsset } from "@/lib/server/assets/find-asset";
import { newIntentView, nowSeconds } from "./intent-view";
import { sealSigningSecret } from "./signing-secret";
import { signingEndpointRules } from "./signing-endpoint-rules";
import { remainingColumns, unitValueColumns } from "./sort-key-columns";

async function paymentOrgIdsAmong(orgIds: readonly string[]): Promise<Set<string>> {
  const found = await Promise.all(orgIds.map(findPaymentOrganization));
  return new Set(found.flatMap((org) => (org ? [org.id] : [])));
}

async function sellerAvailableTokens(assetId: string, sellerFinId: string): Promise<string> {
  const row = await db.tokenBalance.findUnique({ where: { assetId_ownerFinId: { assetId, ownerFinId: sellerFinId } } });
  return availableTokens(row);
}

async function termsContext(asset: Asset, owner: Profile, input: CreateIntentRequest): Promise<IntentTermsContext> {
  return {
    asset: { id: asset.id, decimals: asset.decimals, denominationCode: asset.denominationCode, issuerProfileId: asset.issuerProfileId },
    owner: { id: owner.id, finId: owner.finId },
    paymentOrgIds: await paymentOrgIdsAmong(namedOrganizationIds(input)),
    availableTokens: input.intent.type === "sellingIntent" ? await sellerAvailableTokens(asset.id, owner.finId) : null,
    nowSeconds: nowSeconds(),
    currencyTables: new Map([[env.ESCROW_ORG_ID, env.ESCROW_CURRENCIES]]),
    defaultPaymentOrgId: env.ESCROW_ORG_ID,
  };
}

/** The router calls the policy's endpoint from inside this node's network: not one aimed at it. */
function endpointProblems(input: CreateIntentRequest): FieldError[] {
  const endpoint = input.intent.signaturePolicy?.endpoint;
  const refusal = endpoint === undefined ? null : endpointRefusal(endpoint, signingEndpointRules);
  return refusal === null ? [] : [{ in: "body", path: "intent.signaturePolicy.endpoint", message: `points to ${refusal.words}` }];
}

function refusal(problems: readonly FieldError[]): AppError {
  const [first] = problems;
  const detail = problems.length === 1 && first ? `body ${first.path} ${first.message}; nothing was recorded.` : `${problems.length} problems in the intent; nothing was recorded.`;
  return new AppError("UNPROCESSABLE", detail, problems);
}

export function createIntent(
  assetId: string,
  input: CreateIntentRequest,
  caller: Principal,
  requestId: string,
  keyed: KeyedCreate | null,
): Promise<{ id: string }> {
  const findByKey = (idempotencyKey: string) => db.intent.findUnique({ where: { idempotencyKey }, select: { id: true, requestHash: true } });
  return createOnce(keyed, "intent", findByKey, () => createNewIntent(assetId, input, caller, requestId, keyed));
}

async function createNewIntent(assetId: string, input: CreateIntentRequest, caller: Principal, requestId: string, keyed: KeyedCreate | null): Promise<{ id: string }> {
  const asset = await findAsset(assetId);
  if (input.intent.type === "primarySale" && caller.role !== "issuer") {
    throw new AppError("FORBIDDEN", "Only an issuer publishes a primary sale, of an asset it issued.");
  }
  const owner = await findAccessibleProfile(intentOwnerProfileId(input.intent), caller, "act");
  const problems = [...intentTermsProblems(input, await termsContext(asset, owner, input)), ...endpointProblems(input)];
  if (problems.length > 0) throw refusal(problems);

  const id = makeId(env.ORG_ID, "intent");
  const view = newIntentView(id, input);
  const policy = input.intent.signaturePolicy;
  await db.$transaction(async (tx) => {
    await tx.intent.create({
      data: {
        id,
        assetId: asset.id,
        type: view.type,
        status: "ACTIVE",
        start: view.start,
        end: view.end,
        ownerProfileId: owner.id,
        createdByUserId: caller.userId,
        amount: view.assetTerm.amount,
        ...remainingColumns(view.remainingQuantity),
        ...unitValueColumns(view.settlementTerm.unitValue),
        content: JSON.stringify(view),
        signatureEndpoint: policy?.endpoint ?? null,
        signatureSecretSealed: policy?.secret ? sealSigningSecret(policy.secret) : null,
        idempotencyKey: keyed?.idempotencyKey ?? null,
        requestHash: keyed?.requestHash ?? null,
      },
    });
    await recordAudit(tx, {
      actorUserId: caller.userId,
      action: "intent.created",
      subjectType: "intent",
      subjectId: id,
      requestId,
      details: { assetId: asset.id, type: view.type, ownerProfileId: owner.id, amount: view.assetTerm.amount, unitValue: view.settlementTerm.unitValue, start: view.start, end: view.end },
    });
  });
  return { id };
}
