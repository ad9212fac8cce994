import { buildSchema, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";

import { AppError, toProblemDocument } from "@/lib/domain/app-error";
import { fromAppError, toVocabularyErrors } from "@/lib/server/graphql/errors";
import { typeDefs } from "@/lib/server/graphql/type-defs";

import { ApiError } from "./api-client";
import { graphqlAnswerData, graphqlQueryKey } from "./graphql-query";
import { MY_PLANS } from "./trading-queries";

/** What the browser reads: the answer as it travels, JSON. */
const asSent = (answer: unknown): unknown => JSON.parse(JSON.stringify(answer));
type AnswerMeta = Parameters<typeof graphqlAnswerData>[1];
const ok: AnswerMeta = { status: 200, statusText: "OK", requestId: "req-1" };

function refusalOf(json: unknown, meta: AnswerMeta = ok): ApiError {
  try {
    graphqlAnswerData(json, meta);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("the answer was read as data");
}

describe("graphqlAnswerData", () => {
  it("gives the data of an answer without errors", () => {
    const data = { plans: { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } } };
    expect(graphqlAnswerData(asSent({ data }), ok)).toEqual(data);
  });

  it("makes a resolver's refusal the error it is over REST: its code, status, words, fields and request id", () => {
    const error = new AppError("VALIDATION_FAILED", "first is too large", [{ in: "query", path: "first", message: "must be at most 100" }]);
    const refusal = refusalOf(asSent({ data: null, errors: [fromAppError(error)] }));
    expect(refusal).toMatchObject({ message: "first is too large", status: 400, code: "VALIDATION_FAILED", requestId: "req-1" });
    expect(refusal.fieldErrors).toEqual([{ in: "query", path: "first", message: "must be at most 100" }]);
    expect(refusalOf(asSent({ data: null, errors: [fromAppError(new AppError("UNAUTHENTICATED"))] }))).toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
  });

  it("does not use data that comes with errors", () => {
    const refusal = refusalOf(asSent({ data: { plans: null }, errors: [fromAppError(new AppError("FORBIDDEN"))] }));
    expect(refusal).toMatchObject({ status: 403, code: "FORBIDDEN" });
  });

  it("keeps the HTTP status of an operation refused before it ran", () => {
    // As lib/server/graphql/prepare-operation.ts answers a query the schema does not have (400).
    const errors = toVocabularyErrors(validate(buildSchema(typeDefs), parse("query Nope { nothingHere }")));
    const refusal = refusalOf(asSent({ errors }), { status: 400, statusText: "Bad Request", requestId: null });
    expect(refusal).toMatchObject({ status: 400, code: "VALIDATION_FAILED", message: expect.stringContaining("nothingHere") });
  });

  it("reads a problem document of the route (a refusal before GraphQL) as the REST calls do", () => {
    const problem = toProblemDocument(new AppError("FORBIDDEN", "Cross-origin requests are refused."), { requestId: "req-2" });
    expect(refusalOf(asSent(problem), { status: 403, statusText: "Forbidden", requestId: "req-2" })).toMatchObject({
      message: "Cross-origin requests are refused.",
      status: 403,
      code: "FORBIDDEN",
      requestId: "req-2",
    });
  });

  it("says what came when the answer is neither", () => {
    expect(refusalOf(null, { status: 502, statusText: "Bad Gateway", requestId: null })).toMatchObject({ message: "The server answered 502 Bad Gateway.", status: 502, code: null });
    expect(refusalOf({ data: null }).message).toBe("The server's answer did not have the expected shape.");
    expect(refusalOf({ errors: [{ message: "odd", extensions: { code: "NOT_A_CODE" } }] })).toMatchObject({ status: 500, code: "NOT_A_CODE" });
  });
});

describe("graphqlQueryKey", () => {
  it("names the operation and its variables under one root, so that an event can ask them all again", () => {
    expect(graphqlQueryKey(MY_PLANS, { first: 5, after: null })).toEqual(["graphql", "PortalPlans", { first: 5, after: null }]);
  });
});
