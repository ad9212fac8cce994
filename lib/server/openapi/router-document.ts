// The router (interface.md "Router", decisions.md §2, §8) at {router_url} = /api/router: profiles,
// certificates and documents, deposits and withdrawals, assets, intents, executions and plans, the
// ledger import, and the admin's users and organizations.
import { z } from "zod";
import { accountSchemas } from "@/lib/schemas/account";
import { assetSchemas, assetsPageSchema, assetViewSchema, createAssetResponseSchema } from "@/lib/schemas/asset";
import { certificatesResponseSchema, certificateViewSchema, createCertificateResponseSchema, documentLimitsSchema, uploadedDocumentSchema } from "@/lib/schemas/certificate";
import { holdingsResponseSchema } from "@/lib/schemas/holding";
import { createIntentResponseSchema, intentSchema, intentsPageSchema, offeredAssetsResponseSchema } from "@/lib/schemas/intent";
import { executeIntentResponseSchema } from "@/lib/schemas/intent-execution";
import { ledgerImportResponseSchema } from "@/lib/schemas/ledger";
import { assetMarketSchema, portfolioSchema } from "@/lib/schemas/market";
import { operationEnvelopeSchema, operationResultOf, receiptWrapperOf } from "@/lib/schemas/operation";
import { adminOrganizationSchema, adminOrganizationsResponseSchema, organizationsResponseSchema } from "@/lib/schemas/organization";
import { depositsPageSchema, routerDepositResponseSchema } from "@/lib/schemas/payment";
import { executionPlanViewSchema } from "@/lib/schemas/plan";
import { createOwnerProfileResponseSchema, profilesResponseSchema, profileViewSchema } from "@/lib/schemas/profile";
import { reconciliationReportSchema } from "@/lib/schemas/reconciliation";
import { signatureSchema, signatureTemplateSchema } from "@/lib/schemas/signature";
import { createUserResponseSchema, issueTokenResponseSchema, userDetailSchema, usersPageSchema } from "@/lib/schemas/user";
import { ASSET_ID, BUYER_FIN_ID, BUYER_PROFILE_ID, CID, DEPOSIT_DESCRIPTION, INTENT_ID, ISSUER_FIN_ID, ISSUER_PROFILE_ID, NONCE, PLAN_ID, SIGNATURE_HEX, TIMESTAMP, usdAccount, USD, UUID, UUID_2 } from "./examples";
import type { DocumentDef, OperationDoc } from "./operation-doc";

const emptyAnswerSchema = z.object({});
const anyResponse = z.record(z.string(), z.unknown());
/** A deposit's or withdrawal's envelope, or a refused withdrawal in the receipt wrapper (Code 30). */
const routerOperationSchema = z.union([operationEnvelopeSchema, receiptWrapperOf(anyResponse)]);

const SIGNATURE_TOLERANCE =
  'A signature may be a hex string or { signature, template }; template.type ("hashList") and hashFunc ("sha3-256", "sha3_256", "unspecified") are accepted as Ownera\'s routers send them, any other value is 422 naming the field.';
const CREATE_ONCE =
  "An optional Idempotency-Key header (the caller's own): a repeat with the same key and body answers the first `{ id }` before any other check and writes nothing; the same key with another body is 409 IDEMPOTENCY_KEY_REUSED.";
const PAYMENT_KEYS =
  "A repeat (same signed nonce or Idempotency-Key, same body) answers the first operation; another body under the same nonce is 409 NONCE_REUSED, under the same Idempotency-Key 409 IDEMPOTENCY_KEY_REUSED (the key is checked first, also when the body is signed). Nothing is written or sent for a refusal.";

const ASSET_VIEW = { id: ASSET_ID, name: "Harbour Fund A", organizationId: "demo", issuerId: ISSUER_PROFILE_ID, denomination: USD, decimals: 2, rules: { kycAml: true, accreditation: false } };
const PROFILE_VIEW = { id: BUYER_PROFILE_ID, finId: BUYER_FIN_ID, createdAt: TIMESTAMP, sharedWith: ["escrow"] };
const KYC = {
  type: "KYC/AML",
  issuanceDate: 1_767_225_600,
  expirationDate: 1_798_761_600,
  data: JSON.stringify({ name: "Alice Example", country: "DE", info: [{ type: "text", name: "provider", value: "KYC Co" }] }),
};
const INTENT_BODY = {
  assetTerm: { asset: { type: "p2p", resourceId: ASSET_ID }, amount: "1000" },
  assetInstruction: { account: { account: { type: "finId", finId: ISSUER_FIN_ID, orgId: "demo" }, asset: { type: "p2p", resourceId: ASSET_ID } } },
  settlementTerm: { asset: USD, unitValue: "10.50" },
  start: TIMESTAMP,
  end: TIMESTAMP + 3_000_000,
  intent: {
    type: "primarySale",
    issuerId: ISSUER_PROFILE_ID,
    sellingSettlementInstruction: { type: "escrow", whiteListedEscrows: ["escrow"], accounts: [{ asset: USD, identifier: { type: "finId", finId: ISSUER_FIN_ID, orgId: "escrow" } }] },
  },
};
const WITHDRAWAL = {
  profileId: BUYER_PROFILE_ID,
  account: usdAccount(BUYER_FIN_ID),
  amount: "40",
  withdrawInstruction: { account: { account: { type: "iban", code: "DE89370400440532013000" }, asset: USD }, description: "to my bank" },
  nonce: NONCE,
  signature: SIGNATURE_HEX,
};

const op = (doc: OperationDoc) => doc;

const operations: Record<string, OperationDoc> = {
  // Profiles, certificates, documents
  "POST /api/router/finapi/profiles/owner": op({
    id: "createOwnerProfile",
    tag: "Profiles",
    summary: "Create (or find) the profile of a public key",
    description: "`signature` signs sha3-256 of the key's 33 bytes. The same key gives the same profile; a key whose profile is another user's is 409; a bad signature 422.",
    refusals: [409, 422],
    requestExample: { publicKey: BUYER_FIN_ID, signature: SIGNATURE_HEX },
    answers: { 200: { description: "The profile.", schema: createOwnerProfileResponseSchema, example: { isCompleted: true, response: { id: BUYER_PROFILE_ID }, type: "profile" } } },
  }),
  "GET /api/router/finapi/profiles": op({
    id: "listOwnProfiles",
    tag: "Profiles",
    summary: "The caller's own profiles, oldest first",
    answers: { 200: { description: "The profiles.", schema: profilesResponseSchema, example: { profiles: [PROFILE_VIEW] } } },
  }),
  "GET /api/router/finapi/profiles/[profileId]": op({
    id: "getProfile",
    tag: "Profiles",
    summary: "One profile (its owner, admins, organizations it is shared with or that serve it)",
    answers: { 200: { description: "The profile.", schema: profileViewSchema, example: PROFILE_VIEW } },
  }),
  "POST /api/router/profiles/[profileId]/share": op({
    id: "shareProfile",
    tag: "Profiles",
    summary: "Let organizations read the profile, its certificates and documents",
    description: "An unknown organization, or this node's own, is 422 naming it; repeating is harmless.",
    refusals: [422],
    requestExample: { organizations: ["escrow"] },
    answers: { 204: { description: "Shared." } },
  }),
  "GET /api/router/finapi/profiles/[profileId]/holdings": op({
    id: "getHoldings",
    tag: "Profiles",
    summary: "Balance, held and available per asset",
    answers: {
      200: {
        description: "Summed over the payment organizations that keep the money.",
        schema: holdingsResponseSchema,
        example: { holdings: [{ asset: USD, balance: "250", held: "105", available: "145" }] },
      },
    },
  }),
  "POST /api/router/finapi/profiles/[profileId]/certificates": op({
    id: "attachCertificate",
    tag: "Certificates",
    summary: "The owner attaches a certificate",
    description: "`data` is a JSON string checked by type (errors name the field inside it, e.g. data.country); at most 100 per profile.",
    refusals: [409, 422],
    requestExample: KYC,
    answers: { 200: { description: "The certificate's id.", schema: createCertificateResponseSchema, example: { id: "node:103:5e6f7a8b-9c0d-4e5f-a06b-7c8d9e0f1a2b" } } },
  }),
  "GET /api/router/finapi/profiles/[profileId]/certificates": op({
    id: "listCertificates",
    tag: "Certificates",
    summary: "The profile's certificates with their documents, in the order attached",
    answers: { 200: { description: "The certificates.", schema: certificatesResponseSchema } },
  }),
  "GET /api/router/finapi/profiles/[profileId]/certificates/[certificateId]": op({
    id: "getCertificate",
    tag: "Certificates",
    summary: "One certificate and its documents",
    answers: { 200: { description: "The certificate.", schema: certificateViewSchema } },
  }),
  "POST /api/router/finapi/profiles/[profileId]/certificates/[certificateId]": op({
    id: "uploadDocument",
    tag: "Certificates",
    summary: "The owner uploads a document (multipart, one file part)",
    description:
      "Types: application/pdf, image/png, image/jpeg, text/plain, text/csv, application/json; content that is not the declared type is 422; larger than UPLOAD_LIMIT_BYTES 413; at most 20 per certificate.",
    refusals: [409, 422],
    rawRequestBody: {
      contentType: "multipart/form-data",
      description: "One part named `file`.",
      schema: { type: "object", properties: { file: { type: "string", contentMediaType: "application/octet-stream" } }, required: ["file"] },
    },
    answers: { 200: { description: "The stored document.", schema: uploadedDocumentSchema } },
  }),
  "GET /api/router/finapi/profiles/[profileId]/documents/[documentId]": op({
    id: "downloadDocument",
    tag: "Certificates",
    summary: "A document's bytes, as an attachment",
    answers: {
      200: {
        description: "The bytes, with the stored Content-Type, Content-Disposition: attachment and Cache-Control: private, no-store (checked against the stored sha256).",
        contentType: "*/*",
        schema: z.string().describe("the document's bytes, of its stored type (one an upload accepts)"),
      },
    },
  }),
  "GET /api/router/finapi/assets/[assetId]/market": op({
    id: "getAssetMarket",
    tag: "Assets and intents",
    summary: "An asset's issuer, published documents and settled trades (price and volume history)",
    description: "Built from settled trades only: each trade's time, quantity and unit price, and per day the open, close, high, low and volume. `truncated` is true when more trades exist than one answer carries.",
    answers: { 200: { description: "The asset's market data.", schema: assetMarketSchema } },
  }),
  "GET /api/router/finapi/assets/[assetId]/documents/[documentId]": op({
    id: "downloadAssetDocument",
    tag: "Assets and intents",
    summary: "A document the asset's issuer publishes (its ownerInfo certificates' documents), as an attachment",
    answers: {
      200: {
        description: "The bytes, with the stored Content-Type, Content-Disposition: attachment and Cache-Control: private, no-store (checked against the stored sha256).",
        contentType: "*/*",
        schema: z.string().describe("the document's bytes, of its stored type (one an upload accepts)"),
      },
    },
  }),
  "GET /api/router/finapi/portfolio": op({
    id: "getPortfolio",
    tag: "Profiles",
    summary: "The caller's cash and tokens over all its profiles, valued at last traded prices",
    description: "Totals per currency (cash balance, held and available; tokens at their last traded price), positions per asset with the price seven days ago, and with history=true (the default) the value of each day over 30 days rebuilt from receipts, ledger imports and payouts.",
    answers: { 200: { description: "The portfolio as of `asOf`.", schema: portfolioSchema } },
  }),
  "GET /api/router/documents/limits": op({
    id: "documentLimits",
    tag: "Certificates",
    summary: "What a document upload accepts",
    answers: {
      200: {
        description: "The settings and rules uploads are checked with.",
        schema: documentLimitsSchema,
        example: { maxBytes: 10_485_760, mimeTypes: ["application/pdf", "image/png", "image/jpeg", "text/plain", "text/csv", "application/json"], perCertificateMax: 20 },
      },
    },
  }),
  // Payments
  "POST /api/router/finapi/payments/deposit": op({
    id: "requestDeposit",
    tag: "Payments",
    summary: "Deposit instructions from the profile's payment organization",
    description: `The account must be the profile's own finId account at a payment organization, in fiat. \`nonce\` and \`signature\` (the deposit template) are optional and come together. ${PAYMENT_KEYS}`,
    idempotencyKey: "optional",
    refusals: [404, 422],
    requestExample: { profileId: BUYER_PROFILE_ID, account: usdAccount(BUYER_FIN_ID), amount: "250" },
    answers: {
      200: {
        description: "The operation; completed with the instruction (bank details and the reference number to pay with).",
        schema: operationResultOf(routerDepositResponseSchema),
        example: {
          cid: CID,
          isCompleted: true,
          type: "deposit",
          response: { depositInstruction: { depositInstruction: { account: usdAccount(BUYER_FIN_ID), description: DEPOSIT_DESCRIPTION }, operationId: UUID } },
        },
      },
    },
    tolerances: [SIGNATURE_TOLERANCE],
  }),
  "POST /api/router/finapi/payments/withdraw": op({
    id: "requestWithdrawal",
    tag: "Payments",
    summary: "Pay funds out to a bank account (always signed)",
    description: `\`nonce\` and \`signature\` over the payout template are required (400 naming each when missing). The destination IBAN is checked for its country's length and check digits. ${PAYMENT_KEYS}`,
    idempotencyKey: "optional",
    refusals: [404, 422],
    requestExample: WITHDRAWAL,
    answers: {
      200: {
        description: "`{ cid, isCompleted: true, type: \"withdraw\" }` when paid, pending while the payment organization works, or the receipt wrapper with error.Code 30 when it refused.",
        schema: routerOperationSchema,
        example: { cid: CID, isCompleted: true, type: "withdraw" },
      },
    },
    tolerances: [SIGNATURE_TOLERANCE],
  }),
  "GET /api/router/finapi/profiles/[profileId]/deposits": op({
    id: "listDeposits",
    tag: "Payments",
    summary: "The profile's deposit instructions, newest first",
    answers: {
      200: {
        description: "A page: preparing, waiting (for the transfer), credited (what arrived under the reference), failed.",
        schema: depositsPageSchema,
        example: {
          deposits: [
            {
              cid: CID,
              organizationId: "escrow",
              asset: USD,
              amount: "250",
              status: "credited",
              reference: "ESC-0XK4VA7ATMVS",
              createdAt: TIMESTAMP,
              instruction: { account: usdAccount(BUYER_FIN_ID), description: DEPOSIT_DESCRIPTION },
              credited: { amount: "250", at: TIMESTAMP + 600 },
              error: null,
            },
          ],
          nextCursor: null,
        },
      },
    },
  }),
  "GET /api/router/finapi/operations/status/[cid]": op({
    id: "getOperationStatus",
    tag: "Payments",
    summary: "One of the caller's operations",
    answers: { 200: { description: "The envelope; `response: {}` while pending.", schema: routerOperationSchema, example: { cid: CID, isCompleted: false, type: "withdraw", response: {} } } },
  }),
  "GET /api/router/operations/status/[cid]": op({
    id: "getOperationStatusShort",
    tag: "Payments",
    summary: "The same poll without the /finapi prefix",
    answers: { 200: { description: "The envelope.", schema: routerOperationSchema } },
  }),
  "POST /api/router/operations/status/[cid]": op({
    id: "pollOperationStatus",
    tag: "Payments",
    summary: "The same poll as POST with an empty body",
    requestExample: {},
    answers: { 200: { description: "The envelope.", schema: routerOperationSchema } },
  }),
  "GET /api/router/finapi/organizations": op({
    id: "listOrganizations",
    tag: "Payments",
    summary: "The organizations this node knows, and whether each payment organization's adapter answers",
    answers: {
      200: {
        description: "The built-in escrow and routers are always available.",
        schema: organizationsResponseSchema,
        example: { organizations: [{ id: "escrow", name: "Built-in Escrow", kind: "escrow", available: true }] },
      },
    },
  }),
  // Assets and intents
  "POST /api/router/finapi/profiles/asset": op({
    id: "createAsset",
    tag: "Assets and intents",
    summary: "An issuer creates an asset for one of its profiles",
    description: CREATE_ONCE,
    idempotencyKey: "optional",
    refusals: [404, 422],
    requestExample: { name: "Harbour Fund A", issuerId: ISSUER_PROFILE_ID, denomination: USD, decimals: 2, rules: { kycAml: true } },
    answers: { 200: { description: "The asset's id.", schema: createAssetResponseSchema, example: { id: ASSET_ID } } },
  }),
  "GET /api/router/finapi/profiles/asset/[assetId]": op({
    id: "getAsset",
    tag: "Assets and intents",
    summary: "An asset's terms",
    answers: { 200: { description: "The asset.", schema: assetViewSchema, example: ASSET_VIEW } },
  }),
  "GET /api/router/finapi/assets": op({
    id: "listAssets",
    tag: "Assets and intents",
    summary: "The network's assets, oldest first, a page at a time",
    answers: { 200: { description: "A page.", schema: assetsPageSchema, example: { assets: [ASSET_VIEW], nextCursor: null } } },
  }),
  "POST /api/router/finapi/profiles/asset/[assetId]/intent": op({
    id: "createIntent",
    tag: "Assets and intents",
    summary: "Publish a primary sale, selling or buying intent",
    description: `Refused in order, nothing written: unknown asset 404; a primary sale by a caller who is not an issuer 403; a profile the caller does not own 404; then every broken rule at once, 422 with each field. ${CREATE_ONCE}`,
    idempotencyKey: "optional",
    refusals: [422],
    requestExample: INTENT_BODY,
    answers: { 200: { description: "The intent's id; it starts ACTIVE.", schema: createIntentResponseSchema, example: { id: INTENT_ID } } },
  }),
  "GET /api/router/finapi/profiles/asset/[assetId]/intent/[intentId]": op({
    id: "getIntent",
    tag: "Assets and intents",
    summary: "An intent with its status of now",
    answers: { 200: { description: "The intent (its signature policy without the secret).", schema: intentSchema } },
  }),
  "PUT /api/router/finapi/profiles/asset/[assetId]/intent/[intentId]/disable": op({
    id: "disableIntent",
    tag: "Assets and intents",
    summary: "The creator makes an ACTIVE intent NON_ACTIVE",
    description: "Already NON_ACTIVE: the same answer, nothing written; COMPLETED or EXPIRED: 409 STATE_CONFLICT.",
    refusals: [409],
    requestExample: {},
    answers: { 200: { description: "The intent.", schema: intentSchema } },
  }),
  "PUT /api/router/finapi/profiles/asset/[assetId]/intent/[intentId]/enable": op({
    id: "enableIntent",
    tag: "Assets and intents",
    summary: "The creator makes a NON_ACTIVE intent ACTIVE again",
    refusals: [409],
    requestExample: {},
    answers: { 200: { description: "The intent.", schema: intentSchema } },
  }),
  "GET /api/router/finapi/intents": op({
    id: "listIntents",
    tag: "Assets and intents",
    summary: "Intents by type, status, asset and owner, sorted, a page at a time",
    description: "`cursor` is the `nextCursor` of the page before and is valid only with the same `sort` (400 naming cursor otherwise).",
    answers: { 200: { description: "A page.", schema: intentsPageSchema } },
  }),
  "GET /api/router/finapi/intents/assets": op({
    id: "listOfferedAssets",
    tag: "Assets and intents",
    summary: "The assets that have intents of a status and type, by name, with counts",
    answers: { 200: { description: "At most 200.", schema: offeredAssetsResponseSchema, example: { assets: [{ id: ASSET_ID, name: "Harbour Fund A", intentCount: 2 }], truncated: false } } },
  }),
  // Trades
  "POST /api/router/finapi/tokens/execute": op({
    id: "executeIntent",
    tag: "Trades",
    summary: "Execute an intent: checks everything, reserves, records the plan",
    description:
      "A repeat (same executionId, or same nonce and body) gets the same answer. Refused, nothing written: intent disabled or completed 409 STATE_CONFLICT; terms, expiry or parties wrong 422; amount over what remains 422 QUANTITY_EXCEEDED; settlement ≠ amount × unitValue 422 AMOUNT_MISMATCH; stale nonce 422 STALE_NONCE; used nonce 409 NONCE_REUSED; a signature not over the template rebuilt from the request 422 BAD_SIGNATURE.",
    refusals: [404, 409, 422],
    answers: { 200: { description: "The plan's id; follow it with GET /finapi/execution/{id} or the plansChangedBy subscription.", schema: executeIntentResponseSchema, example: { isCompleted: true, response: { executionPlanId: PLAN_ID } } } },
  }),
  "GET /api/router/finapi/execution/[executionPlanId]": op({
    id: "getExecutionPlan",
    tag: "Trades",
    summary: "The execution plan, status lower-case",
    answers: { 200: { description: "The plan.", schema: executionPlanViewSchema } },
  }),
  "POST /api/router/finapi/tokens/signature-result": op({
    id: "submitSignatureResult",
    tag: "Trades",
    summary: "The counterparty's signature for an acknowledged signing request",
    description: "Once, for that request only; a signature that does not verify against the signer is 422 and changes nothing.",
    refusals: [404, 409, 422],
    requestExample: { requestId: UUID, assetId: ASSET_ID, intentId: INTENT_ID, signature: SIGNATURE_HEX },
    answers: { 200: { description: "Taken.", schema: emptyAnswerSchema, example: {} } },
  }),
  "POST /api/router/finapi/tokens/signature-result/decline": op({
    id: "declineSigningRequest",
    tag: "Trades",
    summary: "The signer refuses a signing request, with a reason the counterparty reads",
    description: "The plan ends Rejected. A request already answered or expired is 409, except the same decline again.",
    refusals: [404, 409, 422],
    requestExample: { requestId: UUID, assetId: ASSET_ID, intentId: INTENT_ID, reason: "Not at this price." },
    answers: { 200: { description: "Declined.", schema: emptyAnswerSchema, example: {} } },
  }),
  // Ledger
  "POST /api/router/ledger/transaction/import": op({
    id: "importLedgerTransactions",
    tag: "Ledger",
    summary: "Import ledger transactions of a payment organization, all or nothing",
    description: "Checked whole first and applied in one transaction; every bad transaction is named in errors[] (e.g. transactions.3.source.account.orgId). A known id with the same content is skipped, with other content 409. Imports that race for one holding are begun again; only one that keeps losing is answered 503 with Retry-After (send the same request again), never 409.",
    refusals: [409, 422],
    requestExample: {
      transactions: [
        {
          id: UUID,
          asset: USD,
          quantity: "100",
          timestamp: TIMESTAMP,
          settlementRef: "ESC-0XK4VA7ATMVS",
          destination: { finId: BUYER_FIN_ID, account: { type: "finId", finId: BUYER_FIN_ID, orgId: "escrow" } },
          transactionDetails: { transactionId: "bank-0001" },
        },
      ],
    },
    answers: { 200: { description: "What was imported and what was known.", schema: ledgerImportResponseSchema, example: { imported: 1, skipped: 0, transactions: [{ id: UUID, status: "imported" }] } } },
  }),
  // Admin
  "POST /api/router/admin/users": op({
    id: "createUser",
    tag: "Admin",
    summary: "Create a user and its first bearer token (shown once)",
    refusals: [409, 422],
    requestExample: { email: "carol@example.org", name: "Carol", role: "investor" },
    answers: { 201: { description: "The user's id and token.", schema: createUserResponseSchema, example: { id: UUID, token: "tan_3q2m0d4k9xht…" } } },
  }),
  "GET /api/router/admin/users": op({
    id: "listUsers",
    tag: "Admin",
    summary: "The users, oldest first, a page at a time",
    answers: { 200: { description: "A page (never a password or token).", schema: usersPageSchema } },
  }),
  "GET /api/router/admin/users/[userId]": op({
    id: "getUser",
    tag: "Admin",
    summary: "One user with its tokens' metadata",
    answers: { 200: { description: "The user.", schema: userDetailSchema } },
  }),
  "PATCH /api/router/admin/users/[userId]": op({
    id: "setUserDisabled",
    tag: "Admin",
    summary: "Disable a user (its tokens, sessions and sockets stop at once) or enable it again",
    description: "An admin cannot disable itself (422); the program users settlement depends on are 409.",
    refusals: [409, 422],
    requestExample: { disabled: true },
    answers: { 200: { description: "The user.", schema: userDetailSchema } },
  }),
  "POST /api/router/admin/users/[userId]/tokens": op({
    id: "issueToken",
    tag: "Admin",
    summary: "Another bearer token for the user, shown once",
    refusals: [409],
    requestExample: { label: "reporting job" },
    answers: { 201: { description: "The token's id and the token.", schema: issueTokenResponseSchema, example: { id: UUID_2, token: "tan_8h1c…" } } },
  }),
  "DELETE /api/router/admin/users/[userId]/tokens/[tokenId]": op({
    id: "revokeToken",
    tag: "Admin",
    summary: "Revoke a token: it stops working on its next request",
    refusals: [409],
    answers: { 204: { description: "Revoked (again: nothing changes)." } },
  }),
  "GET /api/router/admin/organizations": op({
    id: "listAdminOrganizations",
    tag: "Admin",
    summary: "Every organization with its adapter URL and currencies (never its token)",
    answers: { 200: { description: "The organizations.", schema: adminOrganizationsResponseSchema } },
  }),
  "POST /api/router/admin/organizations": op({
    id: "createOrganization",
    tag: "Admin",
    summary: "Register a router or a payment organization with its adapter",
    refusals: [409, 422],
    requestExample: { id: "bankco", name: "BankCo", kind: "escrow", adapterUrl: "https://adapter.bankco.example/api", adapterToken: "bankco-adapter-token-7f3a9c2e5b1d4f6a8c0e", currencies: [{ code: "EUR", minorUnits: 2 }] },
    answers: { 201: { description: "The organization.", schema: adminOrganizationSchema } },
  }),
  "PATCH /api/router/admin/organizations/[orgId]": op({
    id: "updateOrganization",
    tag: "Admin",
    summary: "Rename, move the adapter, replace its token or its currencies",
    refusals: [409, 422],
    requestExample: { name: "BankCo Europe" },
    answers: { 200: { description: "The organization.", schema: adminOrganizationSchema } },
  }),
  "GET /api/router/admin/reconciliation": op({
    id: "reconcileHoldings",
    tag: "Admin",
    summary: "The router's holdings against the built-in escrow's books",
    answers: { 200: { description: "The differences (at most 200) and what is under way.", schema: reconciliationReportSchema } },
  }),
};

export const ROUTER_DOCUMENT: DocumentDef = {
  name: "router",
  title: "Router",
  description:
    "The router of this node (interface.md, decisions.md): profiles and their certificates, deposits and withdrawals routed to payment organizations, assets and intents, executions settled delivery versus payment, the ledger import and the admin's users and organizations. Paths are relative to {router_url}. Refusals are RFC 9457 problem documents; nothing is written for one.",
  base: "/api/router",
  tags: [
    { name: "Profiles", description: "Profiles of public keys, their holdings and sharing." },
    { name: "Certificates", description: "KYC/AML, accreditation and owner certificates and their documents." },
    { name: "Payments", description: "Deposit instructions, withdrawals and their operations." },
    { name: "Assets and intents", description: "Assets and the intents that offer or ask for them." },
    { name: "Trades", description: "Executions, plans and the counterparty's signature." },
    { name: "Ledger", description: "Books reported by payment organizations." },
    { name: "Admin", description: "Users, tokens, organizations and the reconciliation." },
  ],
  operations,
  namedSchemas: {
    Account: accountSchemas.strict.account,
    AccountWithAsset: accountSchemas.strict.accountWithAsset,
    Asset: assetSchemas.strict.asset,
    FiatAsset: assetSchemas.strict.fiat,
    Signature: signatureSchema,
    SignatureTemplate: signatureTemplateSchema,
    OperationEnvelope: operationEnvelopeSchema,
    Intent: intentSchema,
    AssetView: assetViewSchema,
    ProfileView: profileViewSchema,
  },
};
