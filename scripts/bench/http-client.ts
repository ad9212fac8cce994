// The benchmark's HTTP client: node:http over a keep-alive agent, bodies sent as ready-made strings,
// answers kept as text. fetch (undici) costs the client several times more CPU per request, and the
// client shares the machine's two cores with the server it measures.
import { Agent, request } from "node:http";

export type Answer = { status: number; retryAfter: string | null; text: string };

/** One request as sent, kept for a second attempt; `deadline` (performance.now() time) covers both. */
type OutgoingRequest = { method: string; path: string; headers: Record<string, string>; body: string | undefined; timeoutMs: number | undefined; deadline: number | undefined };

export class HttpClient {
  private readonly agent: Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string, maxSockets: number) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.agent = new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  /**
   * Requests sent again because the kept-alive connection they went out on turned out to be closed
   * by the server (it closes idle connections after HTTP_KEEP_ALIVE_TIMEOUT_MS, and may do so just
   * as the client reuses one): the request never reached it.
   */
  resent = 0;

  /** One request; status 0 when the socket failed or `timeoutMs` passed first (text says which). */
  send(method: "GET" | "POST", path: string, options: { token?: string; body?: string; timeoutMs?: number } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(options.body));
    }
    return this.attempt({ method, path, headers, body: options.body, timeoutMs: options.timeoutMs, deadline: options.timeoutMs === undefined ? undefined : performance.now() + options.timeoutMs }, true);
  }

  private attempt(out: OutgoingRequest, mayResend: boolean): Promise<Answer> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      let answered = false;
      const finish = (answer: Answer | Promise<Answer>) => {
        clearTimeout(timer);
        resolve(answer);
      };
      const req = request({ host: this.host, port: this.port, method: out.method, path: out.path, headers: out.headers, agent: this.agent }, (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", (error) => finish({ status: 0, retryAfter: null, text: error.message }));
        res.on("end", () => {
          const retryAfter = res.headers["retry-after"];
          finish({ status: res.statusCode ?? 0, retryAfter: typeof retryAfter === "string" ? retryAfter : null, text: Buffer.concat(chunks).toString("utf8") });
        });
      });
      req.on("error", (error: NodeJS.ErrnoException) => {
        // Node's advice for this race: a reused socket reset before any answer is sent again, once.
        if (mayResend && req.reusedSocket && !answered && error.code === "ECONNRESET" && (out.deadline === undefined || performance.now() < out.deadline)) {
          this.resent += 1;
          finish(this.attempt(out, false));
          return;
        }
        finish({ status: 0, retryAfter: null, text: error.message });
      });
      if (out.deadline !== undefined) {
        timer = setTimeout(
          () => {
            req.destroy(new Error(`no answer in ${out.timeoutMs} ms`));
          },
          Math.max(0, out.deadline - performance.now()),
        );
      }
      req.end(out.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export type RequestRate = { perSecond: number; requests: number; unexpected: number; firstUnexpected: string | null; seconds: number };

/**
 * Requests per second with `inFlight` requests always outstanding for `seconds` (after a short
 * warm-up): each answer must have `expectedStatus`; others are counted apart.
 */
export async function requestRate(
  seconds: number,
  inFlight: number,
  send: (i: number) => Promise<Answer>,
  expectedStatus: number,
  around: { before?: () => void; after?: () => void } = {},
): Promise<RequestRate> {
  let issued = 0;
  const loop = async (untilMs: number, tally: { ok: number; unexpected: number; first: string | null }) => {
    while (performance.now() < untilMs) {
      const answer = await send(issued++);
      if (answer.status === expectedStatus) tally.ok += 1;
      else {
        tally.unexpected += 1;
        tally.first ??= `${answer.status} ${answer.text.slice(0, 200)}`;
      }
    }
  };
  const warmUp = { ok: 0, unexpected: 0, first: null };
  const warmUntil = performance.now() + Math.min(1_000, seconds * 250);
  await Promise.all(Array.from({ length: inFlight }, () => loop(warmUntil, warmUp)));
  around.before?.();
  const tally = { ok: 0, unexpected: 0, first: null as string | null };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, () => loop(started + seconds * 1000, tally)));
  const elapsed = (performance.now() - started) / 1000;
  around.after?.();
  return { perSecond: tally.ok / elapsed, requests: tally.ok, unexpected: tally.unexpected, firstUnexpected: tally.first, seconds: elapsed };
}

/** Why a request got status 0: the client's error, without the figures that differ between requests (the deadline in ms). */
export function unansweredReason(text: string): string {
  if (/^no answer in \d+ ms$/.test(text)) return "no answer by the deadline";
  return text.trim() === "" ? "socket failed" : text.trim().slice(0, 80);
}

