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
  /** JSON text, or null without a body. */
  body: string | null;
  timeoutMs: number;
};

/** The answer's status and text; network failures and timeouts throw. */
export async function callOrganization(url: string, call: OrganizationCall): Promise<{ status: number; text: string }> {
  if (env.ESCROW_TRANSPORT === "in-process" && isOwnApiUrl(url)) {
    // Loaded on first use: the route table imports every route, and routes import this module.
    const { callApiInProcess } = await import("./serve-api");
    // Nothing to time out without a network.
    const answer = callApiInProcess({ method: call.method, url, headers: call.headers, body: call.body });
    if (answer) {
      const done = await answer;
      return { status: done.status, text: answerText(done) };
    }
  }
  const response = await fetch(url, {
    method: call.method,
    headers: call.headers,
    body: call.body ?? undefined,
    signal: AbortSignal.timeout(call.timeoutMs),
    redirect: "error",
  });
  return { status: response.status, text: await response.text() };
}
