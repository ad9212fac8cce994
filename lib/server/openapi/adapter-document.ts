// The payments adapter: the contract an external payment organization implements (interface.md
// "Payments adapter", decisions.md §7), as the built-in escrow serves it at {adapter_url} = /api/adapter,
// plus the built-in escrow's own operator calls (tagged so: other organizations need not offer them).
import { z } from "zod";
import { accountSchemas } from "@/lib/schemas/account";
import { depositInstructionSchema, incomingFundsResponseSchema } from "@/lib/schemas/adapter";
import { assetSchemas } from "@/lib/schemas/asset";
import { escrowAccountsPageSchema, escrowBooksSchema, escrowHoldsPageSchema, incomingCreditsPageSchema, incomingCreditViewSchema } from "@/lib/schemas/escrow-operator";
import { adapterReceiptSchema, operationEnvelopeSchema, operationResultOf, receiptWrapperOf } from "@/lib/schemas/operation";
import { signatureSchema, signatureTemplateSchema } from "@/lib/schemas/signature";
import { ADAPTER_RECEIPT, BUYER_FIN_ID, CID, DEPOSIT_DESCRIPTION, DEPOSIT_SIGNATURE, NONCE, party, PLAN_ID, SELLER_FIN_ID, TIMESTAMP, TRADE_SIGNATURE, USD, UUID, UUID_2 } from "./examples";
import type { DocumentDef, OperationDoc } from "./operation-doc";

const receiptResult = operationResultOf(adapterReceiptSchema);
const depositResult = operationResultOf(depositInstructionSchema);
const polled = z.union([receiptWrapperOf(adapterReceiptSchema), operationEnvelopeSchema]);

const SIGNATURE_TOLERANCE =
  'signature.template.type ("hashList") and signature.hashFunc ("sha3-256", "sha3_256" or "unspecified") are accepted as Ownera\'s routers send them; any other value is 422 naming the field.';
const KEYS = "A repeat under the same operation key or Idempotency-Key with the same body answers the first operation and moves nothing; another body under either is 409 IDEMPOTENCY_KEY_REUSED. A refused operation binds no key.";
const PLAN = { executionPlanId: PLAN_ID, instructionSequenceNumber: 1 };

const completed = (response: unknown, type = "receipt") => ({ cid: CID, isCompleted: true, type, response });
const receiptAnswers = (code: number) => ({
  200: {
    description: `The operation: completed with its receipt, failed with error.Code ${code} and the cause, or in progress (poll /operations/{cid}).`,
    schema: receiptResult,
    example: completed(ADAPTER_RECEIPT),
  },
});

const operations: Record<string, OperationDoc> = {
  "POST /api/adapter/payments/depositInstruction": {
    id: "depositInstruction",
    tag: "Payments",
    summary: "Deposit instructions for an owner",
    description: `Where the owner sends money, as bank details in \`description\` (the last label is the reference number to pay with); opens the owner's account. \`nonce\` and \`signature\` (the deposit template, signed by the owner) are optional and come together. Failure: error.Code 21. ${KEYS}`,
    idempotencyKey: "optional",
    requestExample: { asset: USD, destination: party(BUYER_FIN_ID), owner: party(BUYER_FIN_ID), amount: "5000", details: "deposit for a primary sale", nonce: DEPOSIT_SIGNATURE.template.hashGroups[0]?.fields[0]?.value, signature: DEPOSIT_SIGNATURE },
    answers: {
      200: {
        description: "The instruction, completed; or failed (error.Code 21); or in progress.",
        schema: depositResult,
        example: { cid: CID, isCompleted: true, type: "deposit", response: { account: party(BUYER_FIN_ID), description: DEPOSIT_DESCRIPTION } },
      },
    },
    refusals: [422],
    tolerances: [SIGNATURE_TOLERANCE],
  },
  "POST /api/adapter/plan/approve": {
    id: "approvePlan",
    tag: "Execution",
    summary: "Approve an execution plan that names this organization",
    description:
      "The organization fetches the plan from the router (GET {router_url}/finapi/execution/{id}) and approves it when it can serve the plan's payment leg; otherwise `approval.status` is rejected with failure validationFailure, code 1001. Funds are not checked here.",
    idempotencyKey: "optional",
    requestExample: { executionPlanId: PLAN_ID },
    answers: {
      200: {
        description: "The approval, completed (approved or rejected) or in progress.",
        schema: operationEnvelopeSchema,
        example: { cid: CID, isCompleted: true, type: "", approval: { status: "approved" } },
      },
    },
  },
  "POST /api/adapter/assets/hold": {
    id: "holdFunds",
    tag: "Escrow",
    summary: "Hold the buyer's funds (plan step 1)",
    description: `Verifies the buyer's trade template (hashes recomputed, the asset leg's nonce is the request's, the payment leg names this currency, the buyer as source, the quantity and the expiry) and its signature against the buyer, then moves available to held. Failure: error.Code 11 (e.g. insufficient available funds). A hold still held at \`expiry\` is rolled back by the organization. ${KEYS}`,
    idempotencyKey: "optional",
    requestExample: { asset: USD, source: party(BUYER_FIN_ID), expiry: TIMESTAMP + 3600, nonce: NONCE, operationId: `${PLAN_ID}:hold`, quantity: "105.00", signature: TRADE_SIGNATURE, executionContext: PLAN },
    refusals: [422],
    answers: receiptAnswers(11),
    tolerances: [SIGNATURE_TOLERANCE],
  },
  "POST /api/adapter/assets/release": {
    id: "releaseFunds",
    tag: "Escrow",
    summary: "Release held funds to the seller or issuer (plan step 3)",
    description: `Names the hold by its operationId; plan, currency, buyer and the whole quantity must match, and the destination must be the one the buyer signed. Failure: error.Code 12. ${KEYS}`,
    idempotencyKey: "optional",
    requestExample: { asset: USD, source: party(BUYER_FIN_ID), destination: party(SELLER_FIN_ID), operationId: `${PLAN_ID}:hold`, quantity: "105.00", executionContext: { ...PLAN, instructionSequenceNumber: 3 } },
    answers: receiptAnswers(12),
  },
  "POST /api/adapter/assets/rollback": {
    id: "rollbackFunds",
    tag: "Escrow",
    summary: "Give held funds back to the buyer",
    description: `The receipt's settlementRef is the hold's operationId; a hold that already expired answers with its expiry receipt and moves nothing again. Failure: error.Code 13. ${KEYS}`,
    idempotencyKey: "optional",
    requestExample: { asset: USD, source: party(BUYER_FIN_ID), operationId: `${PLAN_ID}:hold`, quantity: "105.00", executionContext: { ...PLAN, instructionSequenceNumber: 3 } },
    answers: receiptAnswers(13),
  },
  "POST /api/adapter/finapi/payments/payout": {
    id: "payout",
    tag: "Payments",
    summary: "Pay funds out to the owner's bank account",
    description: `Verifies the payout template against the owner; only available funds. The receipt has \`source\` and an empty settlementRef. Failure: error.Code 22. ${KEYS}`,
    idempotencyKey: "optional",
    requestExample: { asset: USD, source: party(BUYER_FIN_ID), amount: "40", payoutInstruction: { description: "to IBAN DE89370400440532013000 | to my bank" }, nonce: NONCE, signature: { signature: TRADE_SIGNATURE.signature, template: TRADE_SIGNATURE.template } },
    answers: {
      200: {
        description: "The payout: completed with its receipt, failed with error.Code 22, or in progress.",
        schema: receiptResult,
        example: completed({ id: UUID, asset: USD, source: party(BUYER_FIN_ID), quantity: "40", settlementRef: "", timestamp: TIMESTAMP }),
      },
    },
    refusals: [422],
    tolerances: [SIGNATURE_TOLERANCE],
  },
  "POST /api/adapter/operations/[cid]": {
    id: "pollOperation",
    tag: "Operations",
    summary: "Poll an operation",
    description: "Hold, release, rollback and payout answer in the receipt wrapper `{ type: \"receipt\", operation }`; the others bare. Only the organization that submitted it (or an escrow operator) sees it; anyone else gets 404, as for an unknown cid. The body is `{}`.",
    requestExample: {},
    answers: { 200: { description: "The operation as it stands.", schema: polled, example: { type: "receipt", operation: completed(ADAPTER_RECEIPT) } } },
  },
  "GET /api/adapter/operations/[cid]": {
    id: "getOperation",
    tag: "Operations",
    summary: "Read an operation (the poll without a body)",
    answers: { 200: { description: "The operation as it stands.", schema: polled, example: { type: "receipt", operation: { cid: CID, isCompleted: false, response: {} } } } },
  },
  "POST /api/adapter/operator/incoming": {
    id: "recordIncomingFunds",
    tag: "Operator (built-in escrow only)",
    summary: "Record money that reached the bank under a deposit reference",
    description:
      "Credits the account of the deposit instruction with that reference and reports it to the router. A credit that differs from the instruction's amount by more than ESCROW_INCOMING_APPROVAL_ABOVE waits for a second operator (202). An unknown reference is 404, another currency 422.",
    idempotencyKey: "optional",
    refusals: [404, 422],
    requestExample: { reference: "ESC-0XK4VA7ATMVS", amount: "100", currency: "USD" },
    answers: {
      200: { description: "A repeat of an entry declined since.", schema: incomingFundsResponseSchema, example: { id: UUID, status: "DECLINED", flagged: true, expectedAmount: "5" } },
      201: { description: "Credited.", schema: incomingFundsResponseSchema, example: { id: UUID, status: "CREDITED", flagged: false, expectedAmount: "100" } },
      202: { description: "Waiting for a second operator: nothing credited yet.", schema: incomingFundsResponseSchema, example: { id: UUID, status: "PENDING_APPROVAL", flagged: true, expectedAmount: "5" } },
    },
  },
  "GET /api/adapter/operator/incoming": {
    id: "listIncomingCredits",
    tag: "Operator (built-in escrow only)",
    summary: "Recorded credits, newest first (those waiting, the flagged ones)",
    answers: {
      200: {
        description: "A page of credits.",
        schema: incomingCreditsPageSchema,
        example: {
          credits: [
            {
              id: UUID,
              reference: "ESC-0XK4VA7ATMVS",
              amount: "1000000",
              currency: "USD",
              expectedAmount: "5",
              difference: "999995",
              status: "PENDING_APPROVAL",
              flagged: true,
              ownerFinId: BUYER_FIN_ID,
              recordedBy: UUID_2,
              recordedByYou: false,
              recordedAt: TIMESTAMP,
              decidedBy: null,
              decidedAt: null,
              declineReason: null,
            },
          ],
          nextCursor: null,
        },
      },
    },
  },
  "POST /api/adapter/operator/incoming/[id]/approve": {
    id: "approveIncomingCredit",
    tag: "Operator (built-in escrow only)",
    summary: "A second operator credits a credit that waits",
    description: "Not the operator who recorded it (403). The same approval again answers the credit; 409 once decided otherwise.",
    refusals: [409],
    requestExample: {},
    answers: { 200: { description: "The credit, CREDITED.", schema: incomingCreditViewSchema } },
  },
  "POST /api/adapter/operator/incoming/[id]/decline": {
    id: "declineIncomingCredit",
    tag: "Operator (built-in escrow only)",
    summary: "Decline a credit that waits: nothing is credited",
    refusals: [409],
    requestExample: { reason: "The bank returned the transfer." },
    answers: { 200: { description: "The credit, DECLINED.", schema: incomingCreditViewSchema } },
  },
  "GET /api/adapter/operator/accounts": {
    id: "listEscrowAccounts",
    tag: "Operator (built-in escrow only)",
    summary: "Customer accounts with balance, held and available",
    answers: {
      200: {
        description: "A page of accounts.",
        schema: escrowAccountsPageSchema,
        example: { accounts: [{ id: UUID, ownerFinId: BUYER_FIN_ID, currency: "USD", balance: "100", held: "30", available: "70", updatedAt: TIMESTAMP }], nextCursor: null },
      },
    },
  },
  "GET /api/adapter/operator/holds": {
    id: "listEscrowHolds",
    tag: "Operator (built-in escrow only)",
    summary: "Holds with their status and expiry",
    answers: {
      200: {
        description: "A page of holds.",
        schema: escrowHoldsPageSchema,
        example: {
          holds: [{ id: UUID, operationId: `${PLAN_ID}:hold`, ownerFinId: BUYER_FIN_ID, currency: "USD", quantity: "105.00", expiry: TIMESTAMP + 3600, executionPlanId: PLAN_ID, status: "HELD", releasedToFinId: null, settledAt: null }],
          nextCursor: null,
        },
      },
    },
  },
  "GET /api/adapter/operator/books": {
    id: "checkEscrowBooks",
    tag: "Operator (built-in escrow only)",
    summary: "Every account recomputed from the journal, and the money per currency",
    answers: {
      200: {
        description: "The books: balanced when no account differs from its postings.",
        schema: escrowBooksSchema,
        example: { balanced: true, accounts: 3, entries: 4, currencies: [{ currency: "USD", netMoneyIn: "100", available: "70", held: "30" }], violations: [] },
      },
    },
  },
};

export const ADAPTER_DOCUMENT: DocumentDef = {
  name: "adapter",
  title: "Payments adapter",
  description:
    "What a payment organization implements so that routers can settle through it (interface.md, decisions.md §7), as this node's built-in escrow serves it. Paths are relative to the organization's adapter URL. Every write is exactly once under its own key (operationId; signer and nonce; the plan) and under the caller's Idempotency-Key, both the calling organization's. Operations answer an envelope `{ cid, isCompleted, type, response | error | approval }` with status 200 also when they failed; a refusal of the request itself is a problem document.",
  base: "/api/adapter",
  tags: [
    { name: "Payments", description: "Deposit instructions and payouts." },
    { name: "Execution", description: "A plan's approval." },
    { name: "Escrow", description: "Hold, release and rollback: the payment leg of delivery versus payment." },
    { name: "Operations", description: "Polling an operation that answered isCompleted: false." },
    { name: "Operator (built-in escrow only)", description: "The built-in escrow's operators: money that arrived, accounts, holds, books. Not part of the adapter contract." },
  ],
  operations,
  namedSchemas: {
    Asset: assetSchemas.strict.asset,
    Party: accountSchemas.strict.party,
    Signature: signatureSchema,
    SignatureTemplate: signatureTemplateSchema,
    AdapterReceipt: adapterReceiptSchema,
    OperationEnvelope: operationEnvelopeSchema,
  },
};
