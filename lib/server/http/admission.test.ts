import { afterEach, describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { AppError } from "@/lib/domain/app-error";
import { admissionCounters, planLeft, takePlanPlace, type PlanPlace } from "./admission";

const taken: PlanPlace[] = [];
const take = () => {
  const place = takePlanPlace();
  taken.push(place);
  return place;
};

afterEach(() => {
  for (const place of taken.splice(0)) place.giveBack();
});

function refusal(): unknown {
  try {
    take();
  } catch (error) {
    return error;
  }
  return null;
}

describe("takePlanPlace", () => {
  it("counts an execution from the moment it is admitted: past MAX_PLANS_IN_FLIGHT places taken, with no plan made yet, the next is 503 with Retry-After", () => {
    const before = admissionCounters().plans;
    for (let i = before; i < env.MAX_PLANS_IN_FLIGHT; i++) take();
    expect(admissionCounters().plans).toBe(env.MAX_PLANS_IN_FLIGHT);
    const error = refusal();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "UNAVAILABLE", retryAfterSeconds: 1 });
    expect(admissionCounters().plans).toBe(env.MAX_PLANS_IN_FLIGHT);
  });

  it("frees a place given back, once only however often it is given back", () => {
    const before = admissionCounters().plans;
    const place = take();
    take();
    expect(admissionCounters().plans).toBe(before + 2);
    place.giveBack();
    place.giveBack();
    expect(admissionCounters().plans).toBe(before + 1);
  });

  it("keeps a place handed over to its plan until the plan's run ends (planLeft), whatever giveBack says", () => {
    const before = admissionCounters().plans;
    const place = take();
    place.handOver();
    place.giveBack();
    expect(admissionCounters().plans).toBe(before + 1);
    planLeft();
    expect(admissionCounters().plans).toBe(before);
  });
});
