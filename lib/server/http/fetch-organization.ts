// The calls between organizations (the router to a payment organization's adapter, the built-in
// escrow back to the router). A URL on this node's own API, under ESCROW_TRANSPORT "in-process" (the
// default), is served by the same route without a socket (decisions.md §1: the same requests,
// answers, schemas, caller principal and idempotency; serve-api.ts); any other URL, or "http", goes
// over the network with fetch.
import { env } from "@/lib/env";
import { answerText } from "./api-request";

const ownApi = `${new URL(env.PUBLIC_URL).origin}/api/`;

export function isOwnApiUrl(url: string): boolean {
  return url.startsWith(ownApi);
}

export type OrganizationCall = {
  method: "GET" | "POST";
  headers: Record<string, string>;
  /** The body as a value (sent as JSON text over the network), or undefined without one. */
  body: unknown;
  timeoutMs: number;
};

/**
 * The answer: its status, its body as a value (null without one, or when it is not JSON), and its text
 * for messages. A success of this node's own API called in-process comes as the value itself, not
 * written as JSON and read back, and its text is empty; a refusal comes as its problem document's text.
 */
export type OrganizationAnswer = { status: number; body: unknown; text: string };

/** Answers longer than this are cut off (and then no longer JSON). */
const ANSWER_MAX_CHARS = 1_000_000;

function answerOf(status: number, text: string): OrganizationAnswer {
  const kept = text.slice(0, ANSWER_MAX_CHARS);
  let body: unknown = null;
  try {
    body = kept === "" ? null : JSON.parse(kept);
  } catch {
    body = null;
  }
  return { status, body, text: kept };
}

/** The answer; network failures and timeouts throw. */
export async function callOrganization(url: string, call: OrganizationCall): Promise<OrganizationAnswer> {
  if (env.ESCROW_TRANSPORT === "in-process" && isOwnApiUrl(url)) {
    // Loaded on first use: the route table imports every route, and routes import this module.
    const { callApiInProcess } = await import("./serve-api");
    // Nothing to time out without a network.
    const answer = callApiInProcess({ method: call.method, url, headers: call.headers, body: call.body });
    if (answer) {
      const done = await answer;
      if (done.value !== undefined) return { status: done.status, body: done.value, text: "" };
      return answerOf(done.status, answerText(done));
    }
  }
  const response = await fetch(url, {
    method: call.method,
    headers: call.headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    signal: AbortSignal.timeout(call.timeoutMs),
    redirect: "error",
  });
  return answerOf(response.status, await response.text());
}
