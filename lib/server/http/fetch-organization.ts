// The fetch of calls between organizations (the router to a payment organization's adapter, the
// built-in escrow back to the router). A URL on this node's own API, under ESCROW_TRANSPORT
// "in-process" (the default), is served by the same route without a socket (decisions.md §1: the
// same requests, answers, schemas, caller principal and idempotency); any other URL, or "http",
// goes over the network.
import { env } from "@/lib/env";

const ownApi = `${new URL(env.PUBLIC_URL).origin}/api/`;

export function isOwnApiUrl(url: string): boolean {
  return url.startsWith(ownApi);
}

export async function fetchOrganization(url: string, init: RequestInit): Promise<Response> {
  if (env.ESCROW_TRANSPORT === "in-process" && isOwnApiUrl(url)) {
    const { signal: _signal, ...rest } = init; // nothing to time out without a network
    // Loaded on first use: the route table imports every route, and routes import this module.
    const { callApiInProcess } = await import("./serve-api");
    const answer = callApiInProcess(new Request(url, rest));
    if (answer) return answer;
  }
  return fetch(url, init);
}
