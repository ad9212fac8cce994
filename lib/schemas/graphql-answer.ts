// What /api/graphql answers to a query over HTTP (the GraphQL specification's response): `data`, and
// `errors`, each with the one vocabulary's code in `extensions.code` and the fields it names in
// `extensions.errors` (lib/server/graphql/errors.ts). `data` is typed by the query that asked for it
// (lib/client/graphql-query.ts).
import { z } from "zod";

import { MESSAGE_MAX_LENGTH, tolerantObject } from "@/lib/schemas/common";
import { PROBLEM_MAX_ERRORS, problemFieldErrorSchema } from "@/lib/schemas/problem";

export const graphqlErrorSchema = tolerantObject({
  message: z.string().max(MESSAGE_MAX_LENGTH),
  extensions: tolerantObject({
    code: z.string().max(100).optional(),
    errors: z.array(problemFieldErrorSchema).max(PROBLEM_MAX_ERRORS).optional(),
  }).optional(),
});

export const graphqlAnswerSchema = tolerantObject({
  data: z.record(z.string(), z.unknown()).nullish(),
  errors: z.array(graphqlErrorSchema).max(PROBLEM_MAX_ERRORS).optional(),
});

export type GraphqlAnswer = z.infer<typeof graphqlAnswerSchema>;
