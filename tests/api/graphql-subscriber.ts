// A graphql-ws subscriber for the API tests: one connection with some of the trading subscriptions,
// recording what arrives in arrival order (graphql-trading.test.ts, scale-out.test.ts).
import { createClient, type Client } from "graphql-ws";
import { expect } from "vitest";
import WebSocket from "ws";

export type Received = { field: string; value: Record<string, unknown> };

const PLAN_FIELDS = "id status creationTimestamp intent { id }";
const PARTY_FIELDS = "id publicKey certificates { nodes { type expiry data } }";
const RECEIPT_FIELDS = `
  id quantity settlementRef transactionId timestamp
  asset { __typename ... on P2PAsset { resourceId } ... on FiatAsset { code } }
  source { ${PARTY_FIELDS} } destination { ${PARTY_FIELDS} }
  sourceAccount { __typename ... on FinIdAccount { finId orgId } }
  destinationAccount { __typename ... on FinIdAccount { finId orgId } }
  tradeDetails { executionPlanId intent { id type } }`;

const SUBSCRIPTIONS = {
  planAdded: `subscription { planAdded { ${PLAN_FIELDS} } }`,
  plansChangedBy: `subscription { plansChangedBy(fieldNames: Status) { ${PLAN_FIELDS} } }`,
  receiptAdded: `subscription { receiptAdded { ${RECEIPT_FIELDS} } }`,
} as const;

export type Field = keyof typeof SUBSCRIPTIONS;

/** One graphql-ws connection with some subscriptions, recording what arrives in arrival order. */
export class Subscriber {
  readonly received: Received[] = [];
  readonly failures: unknown[] = [];
  /** The close codes of the socket, in order (4403 when the server ended it for its credentials). */
  readonly closeCodes: number[] = [];
  private readonly client: Client;

  constructor(url: string, token: string) {
    this.client = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
      lazy: true,
      on: { closed: (event) => void this.closeCodes.push((event as { code: number }).code) },
    });
  }

  /** Subscribes, and resolves once the server has taken the subscriptions (a heartbeat sent after them came back). */
  async subscribe(fields: readonly Field[]): Promise<void> {
    for (const field of fields) {
      this.client.subscribe<Record<string, Record<string, unknown>>>(
        { query: SUBSCRIPTIONS[field] },
        {
          next: (result) => {
            if (result.errors) this.failures.push(result.errors);
            const value = result.data?.[field];
            if (value) this.received.push({ field, value });
          },
          error: (error) => this.failures.push(error),
          complete: () => undefined,
        },
      );
    }
    await new Promise<void>((resolve, reject) => {
      const stop = this.client.subscribe(
        { query: "subscription { heartbeat(intervalMs: 60000) { sequence } }" },
        { next: () => (stop(), resolve()), error: reject, complete: () => undefined },
      );
    });
  }

  async waitFor(count: number, timeoutMs = 20_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(this.failures).toEqual([]);
    return this.received;
  }

  of(planId: string): Received[] {
    return this.received.filter(({ field, value }) => (field === "receiptAdded" ? value.settlementRef : value.id) === planId);
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
