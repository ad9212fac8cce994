// One exchange with a payment organization's adapter for an operation the router drives: submit the
// request (Idempotency-Key = the router's own key, so a retry is a repeat there) or, once the adapter
// answered "in progress" with its cid, poll POST /operations/{cid}. The answer is classified:
// finished (the bare envelope, receipt wrapper removed), still running, unreachable (worth a retry),
// or refused (a 4xx or an answer that is not an envelope).
import { operationEnvelopeSchema, type OperationEnvelope } from "@/lib/schemas/operation";
import { AdapterUnreachable, callAdapter, type AdapterAnswer, type PaymentOrganization } from "./adapter-client";

const DETAIL_MAX_CHARS = 500;
const RETRYABLE_STATUSES = new Set([408, 425, 429]);

export type Exchange =
  | { state: "finished"; envelope: OperationEnvelope }
  | { state: "running"; remoteCid: string; reason: string }
  | { state: "unreachable"; reason: string }
  | { state: "refused"; reason: string };

/** The adapter's own words for a refusal: a problem document's detail, or the start of the body. */
export function refusalDetail(answer: AdapterAnswer): string {
  const body = answer.body as { detail?: unknown; title?: unknown } | null;
  const words = typeof body?.detail === "string" ? body.detail : typeof body?.title === "string" ? body.title : answer.text;
  return words.slice(0, DETAIL_MAX_CHARS) || "(no body)";
}

function unwrap(body: unknown): unknown {
  const wrapper = body as { type?: unknown; operation?: unknown } | null;
  return wrapper && wrapper.type === "receipt" && typeof wrapper.operation === "object" ? wrapper.operation : body;
}

export async function exchangeWithAdapter(
  org: PaymentOrganization,
  submit: { path: string; body: unknown },
  idempotencyKey: string,
  remoteCid: string | null,
): Promise<Exchange> {
  const path = remoteCid ? `/operations/${encodeURIComponent(remoteCid)}` : submit.path;
  let answer: AdapterAnswer;
  try {
    answer = await callAdapter(org, path, remoteCid ? {} : submit.body, idempotencyKey);
  } catch (error) {
    if (error instanceof AdapterUnreachable) return { state: "unreachable", reason: error.message };
    throw error;
  }
  if (answer.status >= 500 || RETRYABLE_STATUSES.has(answer.status)) {
    return { state: "unreachable", reason: `${org.id}'s adapter answered ${answer.status} to POST ${path}: ${refusalDetail(answer)}` };
  }
  if (answer.status >= 300) return { state: "refused", reason: `${org.id} refused POST ${path} (HTTP ${answer.status}): ${refusalDetail(answer)}` };
  const parsed = operationEnvelopeSchema.safeParse(unwrap(answer.body));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { state: "refused", reason: `${org.id}'s answer to POST ${path} is not an operation envelope (${issue?.path.join(".") || "(body)"}: ${issue?.message ?? "?"})` };
  }
  const envelope = parsed.data;
  if (!envelope.isCompleted) {
    const cid = envelope.cid ?? remoteCid ?? "";
    return { state: "running", remoteCid: cid, reason: `${org.id} is still working on it (its operation ${cid})` };
  }
  return { state: "finished", envelope };
}
