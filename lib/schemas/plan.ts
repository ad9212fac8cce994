// Execution plans (interface.md "Execution plan", "Execution plan status"; decisions.md §2, §3).
// A plan is read (the escrow fetches it from the router), never posted, so it is tolerant.

import { z } from "zod";

import { accountSchemas } from "@/lib/schemas/account";
import { assetSchemas } from "@/lib/schemas/asset";
import {
  amountSchema,
  epochSecondsSchema,
  intentIdSchema,
  orgIdSchema,
  planIdSchema,
  requiredAs,
  sequenceNumberSchema,
  tolerantObject,
  orRequired,
} from "@/lib/schemas/common";
import { intentSchema } from "@/lib/schemas/intent";
import { receiptOutputSchema } from "@/lib/schemas/receipt";
import { signatureSchemas } from "@/lib/schemas/signature";

export const PLAN_MAX_INSTRUCTIONS = 16;
export const PLAN_MAX_ORGANIZATIONS = 16;

/** As the REST plan query returns it. */
export const PLAN_STATUSES = ["pending", "approved", "completed", "failed", "rejected"] as const;
/** As GraphQL returns it. */
export const GRAPHQL_PLAN_STATUSES = ["Pending", "Approved", "Completed", "Failed", "Rejected"] as const;

export const planStatusSchema = z.enum(PLAN_STATUSES, {
  error: orRequired(`must be one of ${PLAN_STATUSES.join(", ")}`),
});
export const graphqlPlanStatusSchema = z.enum(GRAPHQL_PLAN_STATUSES, {
  error: orRequired(`must be one of ${GRAPHQL_PLAN_STATUSES.join(", ")}`),
});

export type PlanStatus = z.infer<typeof planStatusSchema>;
export type GraphqlPlanStatus = z.infer<typeof graphqlPlanStatusSchema>;

export const PLAN_STATUS_TO_GRAPHQL: Readonly<Record<PlanStatus, GraphqlPlanStatus>> = {
  pending: "Pending",
  approved: "Approved",
  completed: "Completed",
  failed: "Failed",
  rejected: "Rejected",
};

export const PLAN_STATUS_FROM_GRAPHQL: Readonly<Record<GraphqlPlanStatus, PlanStatus>> = {
  Pending: "pending",
  Approved: "approved",
  Completed: "completed",
  Failed: "failed",
  Rejected: "rejected",
};

export const PLAN_OPERATION_TYPES = ["hold", "issue", "transfer", "release"] as const;
export const PARTICIPANT_ROLES = ["contributor", "observer"] as const;

const organizationsSchema = z
  .array(orgIdSchema, { error: requiredAs("a list of organization ids") })
  .max(PLAN_MAX_ORGANIZATIONS, { error: `at most ${PLAN_MAX_ORGANIZATIONS} organizations` });

/** One step's operation; `signature` is absent on steps nobody signs (release). */
export const planOperationSchema = tolerantObject({
  type: z.enum(PLAN_OPERATION_TYPES, { error: orRequired(`must be one of ${PLAN_OPERATION_TYPES.join(", ")}`) }),
  amount: amountSchema,
  asset: assetSchemas.tolerant.asset,
  source: accountSchemas.tolerant.party.optional(),
  destination: accountSchemas.tolerant.party.optional(),
  signature: signatureSchemas.tolerant.signature.optional(),
});

export const planInstructionSchema = tolerantObject({
  sequence: sequenceNumberSchema,
  organizations: organizationsSchema.min(1, { error: "a step is performed by at least one organization" }),
  executionPlanOperation: planOperationSchema,
});

export const planParticipantSchema = tolerantObject({
  organizationId: orgIdSchema,
  roles: z
    .array(z.enum(PARTICIPANT_ROLES, { error: orRequired('must be "contributor" or "observer"') }))
    .min(1, { error: "a participant has at least one role" })
    .max(PARTICIPANT_ROLES.length, { error: `at most ${PARTICIPANT_ROLES.length} roles` }),
});

export const planApprovalSchema = tolerantObject({ organizationId: orgIdSchema });

export const instructionCompletionEventSchema = tolerantObject({
  instructionSequenceNumber: sequenceNumberSchema,
  output: receiptOutputSchema,
});

const listOf = <T extends z.ZodType>(item: T, what: string) =>
  z
    .array(item, { error: requiredAs(`a list of ${what}`) })
    .max(PLAN_MAX_INSTRUCTIONS, { error: `at most ${PLAN_MAX_INSTRUCTIONS} ${what}` });

// GET {router_url}/finapi/execution/{executionPlanId} – the plan.
export const executionPlanSchema = z
  .object({
    id: planIdSchema,
    intentID: intentIdSchema,
    instructions: listOf(planInstructionSchema, "instructions").min(1, { error: "a plan has at least one step" }),
    participants: listOf(planParticipantSchema, "participants"),
    creationTimestamp: epochSecondsSchema,
    /** 0 before the first step is reached. */
    currentInstructionSequence: z
      .int({ error: requiredAs("a whole number") })
      .min(0, { error: "must be 0 or more" })
      .max(PLAN_MAX_INSTRUCTIONS, { error: `must be at most ${PLAN_MAX_INSTRUCTIONS}` }),
    executionPlanStatus: planStatusSchema,
    approvals: listOf(planApprovalSchema, "approvals"),
    instructionsCompletionEvents: listOf(instructionCompletionEventSchema, "completion events"),
    /** The intent the plan executes, as it was when executed (its id, terms and type-specific part). */
    intent: intentSchema,
  })
  .refine((plan) => plan.instructions.every((step, index) => step.sequence === index + 1), {
    error: "instruction sequences must be 1, 2, 3, ... in order",
    path: ["instructions"],
  });

/** The plan as the router shows it to a participant: the document, and why a Failed or Rejected plan ended. */
export const executionPlanViewSchema = executionPlanSchema.and(
  tolerantObject({ failureReason: z.string().max(4_000, { error: "must be at most 4000 characters" }).optional() }),
);

/** What `planAdded` and `plansChangedBy(fieldNames: Status)` yield (decisions.md §2). */
export const planEventSchema = tolerantObject({
  id: planIdSchema,
  status: graphqlPlanStatusSchema,
  creationTimestamp: epochSecondsSchema,
  intent: tolerantObject({ id: intentIdSchema }),
});

export type PlanOperationType = (typeof PLAN_OPERATION_TYPES)[number];
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];
export type PlanOperation = z.infer<typeof planOperationSchema>;
export type PlanInstruction = z.infer<typeof planInstructionSchema>;
export type PlanParticipant = z.infer<typeof planParticipantSchema>;
export type PlanApproval = z.infer<typeof planApprovalSchema>;
export type InstructionCompletionEvent = z.infer<typeof instructionCompletionEventSchema>;
export type ExecutionPlan = z.infer<typeof executionPlanSchema>;
export type ExecutionPlanView = z.infer<typeof executionPlanViewSchema>;
export type PlanEvent = z.infer<typeof planEventSchema>;
