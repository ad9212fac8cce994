// /api/graphql: queries over HTTP POST and a real graphql-ws subscription on the same path.
import { createClient, type Client } from "graphql-ws";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { call, createUser, socketUrl } from "./helpers";

const clients: Client[] = [];

function connect(connectionParams?: Record<string, unknown>): Client {
  const client = createClient({ url: socketUrl(), webSocketImpl: WebSocket, connectionParams, retryAttempts: 0, lazy: true });
  clients.push(client);
  return client;
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.dispose()));
});

describe("POST /api/graphql", () => {
  it("answers a query, with the caller as viewer", async () => {
    const investor = await createUser("investor");
    const response = await call("POST", "/api/graphql", { token: investor.token, body: { query: "{ serverTime viewer { id role } }" } });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { serverTime: string; viewer: { id: string; role: string } } };
    expect(Date.parse(data.serverTime)).not.toBeNaN();
    expect(data.viewer).toEqual({ id: investor.id, role: "investor" });
  });

  it("refuses an invalid query with a 400 and the GraphQL errors", async () => {
    const response = await call("POST", "/api/graphql", { body: { query: "{ nope }" } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { message: string }[] };
    expect(body.errors[0]?.message).toMatch(/Cannot query field "nope"/);
  });

  it("points subscriptions to the socket", async () => {
    const response = await call("POST", "/api/graphql", { body: { query: "subscription { heartbeat { sequence } }" } });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/graphql-ws/);
  });
});

describe("graphql-ws at /api/graphql", () => {
  it("streams heartbeats to an authenticated subscriber", async () => {
    const investor = await createUser("investor");
    const client = connect({ authorization: `Bearer ${investor.token}` });
    const beats: { sequence: number; serverTime: string }[] = [];
    const iterator = client.iterate<{ heartbeat: { sequence: number; serverTime: string } }>({
      query: "subscription { heartbeat(intervalMs: 100) { sequence serverTime } }",
    });
    for await (const result of iterator) {
      expect(result.errors).toBeUndefined();
      if (result.data) beats.push(result.data.heartbeat);
      if (beats.length === 3) break;
    }
    expect(beats.map((b) => b.sequence)).toEqual([1, 2, 3]);
    expect(Date.parse(beats[2]!.serverTime)).toBeGreaterThanOrEqual(Date.parse(beats[0]!.serverTime));
  });

  it("refuses an anonymous connection", async () => {
    const client = connect();
    const iterator = client.iterate({ query: "subscription { heartbeat { sequence } }" });
    const outcome = await (async () => {
      try {
        for await (const _ of iterator) return "received";
        return "completed";
      } catch (error) {
        return error as { code?: number; reason?: string };
      }
    })();
    expect(outcome).toMatchObject({ code: 4403 });
  });

  it("refuses an unknown token", async () => {
    const client = connect({ authorization: "Bearer tan_not-a-real-token" });
    await expect(
      (async () => {
        for await (const _ of client.iterate({ query: "subscription { heartbeat { sequence } }" })) return;
      })(),
    ).rejects.toMatchObject({ code: 4403 });
  });

  it("reports an out-of-range argument as an error with a code", async () => {
    const investor = await createUser("investor");
    const client = connect({ authorization: `Bearer ${investor.token}` });
    const results = [];
    for await (const result of client.iterate({ query: "subscription { heartbeat(intervalMs: 5) { sequence } }" })) results.push(result);
    expect(results).toHaveLength(1);
    expect(results[0]?.errors?.[0]).toMatchObject({ message: expect.stringMatching(/between 100 and 60000/), extensions: { code: "VALIDATION_FAILED" } });
  });
});
