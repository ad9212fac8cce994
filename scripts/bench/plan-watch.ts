// How the trade benchmark learns that a plan finished: the way a client of this product should,
// through the GraphQL subscription plansChangedBy(Status) over graphql-ws (one socket per investor),
// instead of polling the plan. Polling 16 clients every few milliseconds was most of the server's
// load and measured the poll, not the settlement. A plan with no final event by its deadline is
// "timedOut" (the run's database check then says whether it finished later), never a hung benchmark.
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import type { Party, Server } from "../../tests/api/trade-client";

export type PlanEnding = "completed" | "failed" | "rejected";
const ENDINGS: Record<string, PlanEnding> = { Completed: "completed", Failed: "failed", Rejected: "rejected" };

export class PlanWatch {
  private readonly clients: Client[] = [];
  /** Endings that arrived before anyone waited for them (a fast plan can beat the execute answer). */
  private readonly early = new Map<string, PlanEnding>();
  private readonly waiting = new Map<string, (ending: PlanEnding) => void>();
  readonly failures: unknown[] = [];

  constructor(private readonly server: Server) {}

  /** Subscribes as each party; resolves once every subscription is live (a heartbeat came back after it). */
  async watchAs(parties: readonly Party[]): Promise<void> {
    const url = `${this.server.baseUrl.replace(/^http/, "ws")}/api/graphql`;
    await Promise.all(
      parties.map(async (party) => {
        const client = createClient({ url, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${party.token}` }, retryAttempts: 3, lazy: true });
        this.clients.push(client);
        client.subscribe<{ plansChangedBy: { id: string; status: string } }>(
          { query: "subscription { plansChangedBy(fieldNames: Status) { id status } }" },
          {
            next: (result) => {
              const plan = result.data?.plansChangedBy;
              const ending = plan ? ENDINGS[plan.status] : undefined;
              if (plan && ending) this.settle(plan.id, ending);
            },
            error: (error) => this.failures.push(error),
            complete: () => undefined,
          },
        );
        await new Promise<void>((resolve, reject) => {
          const stop = client.subscribe({ query: "subscription { heartbeat(intervalMs: 60000) { sequence } }" }, { next: () => (stop(), resolve()), error: reject, complete: () => undefined });
        });
      }),
    );
  }

  private settle(planId: string, ending: PlanEnding): void {
    const resolve = this.waiting.get(planId);
    if (resolve) {
      this.waiting.delete(planId);
      resolve(ending);
    } else this.early.set(planId, ending);
  }

  /**
   * The plan's ending, from its event, or "timedOut" when none came by `deadlineMs` (performance.now()).
   * No look-up then: the server may be overloaded, and the run's database check says what became of it.
   */
  async ending(planId: string, deadlineMs: number): Promise<PlanEnding | "timedOut"> {
    const known = this.early.get(planId);
    if (known) {
      this.early.delete(planId);
      return known;
    }
    const fromEvent = new Promise<PlanEnding>((resolve) => this.waiting.set(planId, resolve));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<"timedOut">((resolve) => {
      timer = setTimeout(() => resolve("timedOut"), Math.max(0, deadlineMs - performance.now()));
    });
    const first = await Promise.race([fromEvent, deadline]);
    clearTimeout(timer);
    if (first === "timedOut") this.waiting.delete(planId);
    return first;
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.dispose()));
  }
}
