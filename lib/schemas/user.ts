// Users and their roles (decisions.md §6, §8).

import { z } from "zod";

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/domain/patterns";
import { ROLES } from "@/lib/domain/roles";

import {
  emailSchema,
  NAME_MAX_LENGTH,
  orgIdSchema,
  pageLimitSchema,
  PAGE_LIMIT_MAX,
  uuidSchema,
  requiredAs,
  strictObject,
  text,
  tolerantObject,
  orRequired,
} from "@/lib/schemas/common";

export const roleSchema = z.enum(ROLES, { error: orRequired(`must be one of ${ROLES.join(", ")}`) });

// POST {router_url}/admin/users – create a user (admin); the answer holds its bearer token, once.
export const createUserRequestSchema = strictObject({
  email: emailSchema.transform((email) => email.toLowerCase()),
  name: text(NAME_MAX_LENGTH),
  role: roleSchema,
  /** Only for signing in to the portal; programs use the token. */
  password: z
    .string({ error: requiredAs("a string") })
    .min(PASSWORD_MIN_LENGTH, { error: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(PASSWORD_MAX_LENGTH, { error: `must be at most ${PASSWORD_MAX_LENGTH} characters` })
    .optional(),
  /** The organization a program user (role organization) or an escrow operator works for. */
  organizationId: orgIdSchema.optional(),
}).refine((u) => u.organizationId === undefined || u.role === "organization" || u.role === "escrowOperator", {
  error: "only users of role organization or escrowOperator belong to an organization",
  path: ["organizationId"],
});

export const createUserResponseSchema = tolerantObject({
  id: z.string().min(1).max(150),
  token: z.string().min(1).max(512),
});

// GET {router_url}/admin/users?limit=&cursor= – users, oldest first, a keyset page at a time (admin).
export const usersQuerySchema = strictObject({ limit: pageLimitSchema, cursor: uuidSchema.optional() });

/** A user as an admin sees it in a list: never a password hash or a token. */
export const userSummarySchema = tolerantObject({
  id: z.string().min(1).max(150),
  email: z.string().min(1).max(254),
  name: z.string().min(1).max(NAME_MAX_LENGTH),
  role: roleSchema,
  organizationId: orgIdSchema.nullable(),
  /** Epoch seconds. */
  createdAt: z.number().int().nonnegative(),
  disabled: z.boolean(),
});

export const usersPageSchema = tolerantObject({
  users: z.array(userSummarySchema).max(PAGE_LIMIT_MAX),
  nextCursor: z.string().min(1).max(150).nullable(),
});

// PATCH {router_url}/admin/users/{userId} – disable a user (every token and session stops at once) or
// enable it again (admin).
export const updateUserRequestSchema = strictObject({ disabled: z.boolean({ error: requiredAs("true or false") }) });

// POST {router_url}/admin/users/{userId}/tokens – another bearer token for the user, shown once (admin).
export const LABEL_MAX_LENGTH = 100;
export const issueTokenRequestSchema = strictObject({ label: text(LABEL_MAX_LENGTH) });
export const issueTokenResponseSchema = tolerantObject({
  id: z.string().min(1).max(150),
  token: z.string().min(1).max(512),
});

/** A token as an admin sees it: never the token or its hash. */
export const tokenSummarySchema = tolerantObject({
  id: z.string().min(1).max(150),
  label: z.string().min(1).max(LABEL_MAX_LENGTH),
  createdAt: z.string().min(1).max(40),
  lastUsedAt: z.string().min(1).max(40).nullable(),
  revoked: z.boolean(),
});

/** One user as an admin sees it (GET /admin/users/{userId}). */
export const userDetailSchema = userSummarySchema.extend({
  /** ISO 8601 here, where the list gives epoch seconds. */
  createdAt: z.string().min(1).max(40),
  /** One of the program users settlement depends on: its access cannot be changed. */
  system: z.boolean(),
  tokens: z.array(tokenSummarySchema).max(100),
});

export type Role = z.infer<typeof roleSchema>;
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;
export type IssueTokenRequest = z.infer<typeof issueTokenRequestSchema>;
export type IssueTokenResponse = z.infer<typeof issueTokenResponseSchema>;
export type UserDetail = z.infer<typeof userDetailSchema>;
export type UsersQuery = z.infer<typeof usersQuerySchema>;
export type UserSummary = z.infer<typeof userSummarySchema>;
export type UsersPage = z.infer<typeof usersPageSchema>;
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;
export type CreateUserResponse = z.infer<typeof createUserResponseSchema>;

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES };
