// The route wrapper on its own: what a handler's outcome becomes on the wire. Public routes only,
// so no credentials or database are involved; authentication is covered by the API tests.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/domain/app-error";
import { metrics } from "@/lib/server/metrics/metrics";
import { requestInProcess } from "./api-request";
import { route } from "./route";

const context = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });

function post(body: string, headers: Record<string, string> = { "content-type": "application/json" }) {
  return new NextRequest("http://localhost/api/test", { method: "POST", body, headers });
}

describe("route()", () => {
  it("answers an unexpected failure with a bare 500 that leaks nothing", async () => {
    const handler = route({ auth: "public" }, async () => {
      throw new Error('SQLITE_ERROR: no such table "Secret" at /srv/app/lib/server/db.ts:12');
    });
    const response = await handler(new NextRequest("http://localhost/api/test"), context());
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const text = await response.text();
    expect(text).not.toMatch(/SQLITE|Secret|\/srv|db\.ts/);
    const problem = JSON.parse(text) as { code: string; requestId: string };
    expect(problem.code).toBe("INTERNAL");
    expect(problem.requestId).toBe(response.headers.get("x-request-id"));
  });

  it("serves a route without dynamic segments, whose params Next leaves undefined", async () => {
    const handler = route({ auth: "public" }, async ({ params }) => ({ params }));
    const nextContext = { params: Promise.resolve(undefined as unknown as Record<string, string>) };
    const response = await handler(new NextRequest("http://localhost/api/test"), nextContext);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ params: {} });
  });

  it("answers an AppError with its status and problem document", async () => {
    const handler = route({ auth: "public" }, async () => {
      throw new AppError("STATE_CONFLICT", "The plan is already finished.");
    });
    const response = await handler(new NextRequest("http://localhost/api/test"), context());
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: "STATE_CONFLICT", detail: "The plan is already finished.", status: 409 });
  });

  it("hands the handler parsed params, query and body, and answers with the chosen status", async () => {
    const handler = route(
      {
        auth: "public",
        status: 201,
        params: z.object({ id: z.uuid() }),
        query: z.object({ limit: z.coerce.number().int().max(100) }),
        body: z.strictObject({ amount: z.string() }),
      },
      async ({ params, query, body }) => ({ id: params.id, limit: query.limit, amount: body.amount }),
    );
    const id = "7f1c6a8e-8a0b-4d4e-9f33-2b1f5f0c9a11";
    const request = new NextRequest("http://localhost/api/test?limit=5", {
      method: "POST",
      body: '{"amount":"1.50"}',
      headers: { "content-type": "application/json", "x-request-id": "client-req-0001" },
    });
    const response = await handler(request, context({ id }));
    expect(response.status).toBe(201);
    expect(response.headers.get("x-request-id")).toBe("client-req-0001");
    expect(await response.json()).toEqual({ id, limit: 5, amount: "1.50" });
  });

  it("answers undefined with 204 and no body", async () => {
    const handler = route({ auth: "public" }, async () => undefined);
    const response = await handler(new NextRequest("http://localhost/api/test"), context());
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });

  it("refuses before the handler runs: bad params, bad query, bad JSON, wrong media type, too large", async () => {
    let calls = 0;
    const handler = route(
      { auth: "public", bodyLimitBytes: 1024, params: z.object({ id: z.uuid() }), query: z.object({ q: z.string().max(3) }).partial(), body: z.object({ a: z.number() }) },
      async () => {
        calls += 1;
        return {};
      },
    );
    const ok = { id: "7f1c6a8e-8a0b-4d4e-9f33-2b1f5f0c9a11" };
    const cases: [NextRequest, Record<string, string>, number, string][] = [
      [post('{"a":1}'), { id: "nope" }, 400, "INVALID_ID"],
      [new NextRequest("http://localhost/api/test?q=toolong", { method: "POST", body: '{"a":1}', headers: { "content-type": "application/json" } }), ok, 400, "VALIDATION_FAILED"],
      [post('{"a":'), ok, 400, "MALFORMED_JSON"],
      [post('{"a":"x"}'), ok, 400, "VALIDATION_FAILED"],
      [post('{"a":1}', { "content-type": "text/plain" }), ok, 415, "UNSUPPORTED_MEDIA_TYPE"],
      [post(JSON.stringify({ a: 1, pad: "x".repeat(2000) })), ok, 413, "PAYLOAD_TOO_LARGE"],
    ];
    for (const [request, params, status, code] of cases) {
      const response = await handler(request, context(params));
      expect({ status: response.status, code: ((await response.json()) as { code: string }).code }).toEqual({ status, code });
    }
    expect(calls).toBe(0);
  });

  it("replaces a request id that is not sane", async () => {
    const handler = route({ auth: "public" }, async () => ({}));
    const response = await handler(new NextRequest("http://localhost/api/test", { headers: { "x-request-id": "<script>" } }), context());
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lets the service token through authentication and the role check; without credentials it is 401", async () => {
    const token = "scrape-token-0123456789abcdef";
    const handler = route({ auth: "optional", roles: ["admin"], serviceToken: () => token }, async ({ principal }) => ({ principal }));
    const withToken = await handler(new NextRequest("http://localhost/api/test", { headers: { authorization: `Bearer ${token}` } }), context());
    expect(withToken.status).toBe(200);
    expect(await withToken.json()).toEqual({ principal: null });
    const anonymous = await handler(new NextRequest("http://localhost/api/test"), context());
    expect(anonymous.status).toBe(401);
    // No token configured: nothing matches, not even an empty bearer.
    const unset = route({ auth: "optional", roles: ["admin"], serviceToken: () => undefined }, async () => ({}));
    expect((await unset(new NextRequest("http://localhost/api/test"), context())).status).toBe(401);
  });

  it("asks `admit` before the body is read: a refusal wins over a body it would refuse, and the handler never runs", async () => {
    let full = true;
    let calls = 0;
    const handler = route(
      {
        auth: "public",
        body: z.strictObject({ a: z.number() }),
        admit: () => {
          if (full) throw new AppError("UNAVAILABLE", "full", [], { retryAfterSeconds: 1 });
        },
      },
      async ({ body }) => {
        calls += 1;
        return body;
      },
    );
    for (const text of ['{"a":1}', '{"a":', '{"a":"x"}']) {
      const refused = await handler(post(text), context());
      expect({ status: refused.status, retryAfter: refused.headers.get("retry-after") }).toEqual({ status: 503, retryAfter: "1" });
      expect(((await refused.json()) as { code: string }).code).toBe("UNAVAILABLE");
    }
    expect(calls).toBe(0);
    full = false;
    const taken = await handler(post('{"a":1}'), context());
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({ a: 1 });
    // Once admitted, the body is still checked.
    expect((await handler(post('{"a":"x"}'), context())).status).toBe(400);
    expect(calls).toBe(1);
  });
});

describe("route() metrics", () => {
  async function requestsCounted(labels: { route: string; method: string; status: string }): Promise<number> {
    const metric = await metrics.httpRequests.get();
    return metric.values.find((v) => v.labels.route === labels.route && v.labels.method === labels.method && v.labels.status === labels.status)?.value ?? 0;
  }

  it("counts each answer under the route's pattern, method and status, and times it", async () => {
    const handler = route({ auth: "public", params: z.object({ id: z.string() }) }, async ({ params }) => {
      if (params.id === "missing") throw new AppError("NOT_FOUND", "No such thing.");
      return {};
    });
    const pattern = "/api/things/[id]";
    const before = { ok: await requestsCounted({ route: pattern, method: "GET", status: "200" }), missing: await requestsCounted({ route: pattern, method: "GET", status: "404" }) };
    const timed = (await metrics.httpRequestSeconds.get()).values.find((v) => v.metricName === "tan_http_request_duration_seconds_count" && v.labels.route === pattern)?.value ?? 0;
    await handler(new NextRequest("http://localhost/api/things/a1"), { params: Promise.resolve({ id: "a1" }), pattern });
    await handler(new NextRequest("http://localhost/api/things/b2"), { params: Promise.resolve({ id: "b2" }), pattern });
    await handler(new NextRequest("http://localhost/api/things/missing"), { params: Promise.resolve({ id: "missing" }), pattern });
    expect(await requestsCounted({ route: pattern, method: "GET", status: "200" })).toBe(before.ok + 2);
    expect(await requestsCounted({ route: pattern, method: "GET", status: "404" })).toBe(before.missing + 1);
    const timedAfter = (await metrics.httpRequestSeconds.get()).values.find((v) => v.metricName === "tan_http_request_duration_seconds_count" && v.labels.route === pattern)?.value;
    expect(timedAfter).toBe(timed + 3);
  });

  it("rebuilds the pattern from the parameters when the caller gave none, so ids never become labels", async () => {
    const handler = route({ auth: "public" }, async () => ({}));
    const pattern = "/api/owners/[ownerId]/items/[itemId]";
    const before = await requestsCounted({ route: pattern, method: "GET", status: "200" });
    await handler(new NextRequest("http://localhost/api/owners/o-17/items/i-42"), { params: Promise.resolve({ ownerId: "o-17", itemId: "i-42" }) });
    expect(await requestsCounted({ route: pattern, method: "GET", status: "200" })).toBe(before + 1);
    const labels = (await metrics.httpRequests.get()).values.map((v) => v.labels.route);
    expect(labels.some((r) => String(r).includes("o-17"))).toBe(false);
  });
});

describe("route() called from inside the process", () => {
  const handler = route({ auth: "public", body: z.strictObject({ amount: z.string().regex(/^\d+$/) }) }, async ({ body }) => ({ doubled: String(Number(body.amount) * 2), at: { nested: [1, 2] } }));
  const call = (body: unknown) => handler.serve(requestInProcess({ method: "POST", url: "http://localhost/api/test", headers: { "content-type": "application/json" }, body }), context());

  it("checks the body value with the route's schema and answers the result as a value, no JSON text either way", async () => {
    const answer = await call({ amount: "21" });
    expect(answer.status).toBe(200);
    expect(answer.body).toBeNull();
    expect(answer.value).toEqual({ doubled: "42", at: { nested: [1, 2] } });
    expect(answer.headers["content-type"]).toBe("application/json");
  });

  it("refuses a body its schema refuses exactly as over the network, as a problem document's text", async () => {
    const local = await call({ amount: "2.5", extra: true });
    const wire = await handler(post(JSON.stringify({ amount: "2.5", extra: true })), context());
    expect(local.status).toBe(400);
    expect(local.value).toBeUndefined();
    const problem = JSON.parse(String(local.body)) as { code: string; errors: unknown[] };
    const wireProblem = (await wire.json()) as { code: string; errors: unknown[] };
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(problem.errors).toEqual(wireProblem.errors);
  });

  it("takes no body as {} and reads a value body as its JSON text where a route reads bytes", async () => {
    expect((await call(undefined)).status).toBe(400);
    const raw = requestInProcess({ method: "POST", url: "http://localhost/api/raw", headers: {}, body: { a: "é" } });
    const chunks = [...((raw.body() as Iterable<Uint8Array> | null) ?? [])];
    expect(Buffer.concat(chunks).toString("utf8")).toBe('{"a":"é"}');
    expect(requestInProcess({ method: "GET", url: "http://localhost/api/raw", headers: {}, body: undefined }).body()).toBeNull();
  });
});
