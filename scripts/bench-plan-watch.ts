// How the trade benchmark learns that a plan finished: the way a client of this product should,
// through the GraphQL subscription plansChangedBy(Status) over graphql-ws (one socket per investor),
// instead of polling the plan. Polling 16 clients every few milliseconds was most of the server's
// load and measured the poll, not the settlement. A plan whose event was missed is looked up once by
// GET after WATCH_FALLBACK_MS, so a lost event shows as a slow trade, never a hung benchmark.
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { planOf, type Party, type Server } from "../tests/api/trade-client";

export type PlanEnding = "completed" | "failed" | "rejected";
const WATCH_FALLBACK_MS = 30_000;
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

  /** The plan's ending, from its event, or from one GET if no event came in time. */
  async ending(planId: string, token: string): Promise<PlanEnding> {
    const known = this.early.get(planId);
    if (known) {
      this.early.delete(planId);
      return known;
    }
    const fromEvent = new Promise<PlanEnding>((resolve) => this.waiting.set(planId, resolve));
    let timer: NodeJS.Timeout | undefined;
    const fallback = new Promise<PlanEnding | null>((resolve) => {
      timer = setTimeout(() => resolve(null), WATCH_FALLBACK_MS);
    });
    const first = await Promise.race([fromEvent, fallback]);
    clearTimeout(timer);
    if (first) return first;
    this.waiting.delete(planId);
    const { plan } = await planOf(this.server, token, planId);
    this.failures.push(new Error(`no status event for ${planId} in ${WATCH_FALLBACK_MS} ms (status ${plan.executionPlanStatus})`));
    return (plan.executionPlanStatus as PlanEnding | undefined) ?? "failed";
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.dispose()));
  }
}
