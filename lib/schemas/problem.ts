// RFC 9457 problem documents (decisions.md §7), so tests and clients can read refusals.

import { z } from "zod";

import { MESSAGE_MAX_LENGTH, tolerantObject, URL_MAX_LENGTH } from "@/lib/schemas/common";

export const PROBLEM_MAX_ERRORS = 100;

/** One bad field; `in` says which part of the request `path` is inside. */
export const problemFieldErrorSchema = tolerantObject({
  in: z.enum(["body", "query", "params", "headers"]).optional(),
  path: z.string().max(500),
  message: z.string().max(MESSAGE_MAX_LENGTH),
});

export const problemDocumentSchema = tolerantObject({
  type: z.string().max(URL_MAX_LENGTH),
  title: z.string().max(500),
  status: z.int().min(100).max(599),
  detail: z.string().max(MESSAGE_MAX_LENGTH),
  code: z.string().max(100),
  errors: z.array(problemFieldErrorSchema).max(PROBLEM_MAX_ERRORS),
  instance: z.string().max(URL_MAX_LENGTH).optional(),
  requestId: z.string().max(200).optional(),
});

export type ProblemFieldError = z.infer<typeof problemFieldErrorSchema>;
export type ProblemDocument = z.infer<typeof problemDocumentSchema>;
