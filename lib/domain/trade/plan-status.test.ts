import { describe, expect, it } from "vitest";
import { canMovePlan, isFinishedPlanStatus, nextStage, PLAN_STATUSES, sequenceOfStage } from "./plan-status";

describe("plan statuses", () => {
  it("allow exactly the transitions of decisions.md §3", () => {
    const allowed = PLAN_STATUSES.flatMap((from) => PLAN_STATUSES.filter((to) => canMovePlan(from, to)).map((to) => `${from}→${to}`));
    expect(allowed).toEqual(["Pending→Approved", "Pending→Rejected", "Approved→Completed", "Approved→Failed"]);
  });

  it("never change a finished plan", () => {
    expect(PLAN_STATUSES.filter(isFinishedPlanStatus)).toEqual(["Completed", "Failed", "Rejected"]);
  });
});

describe("plan stages", () => {
  it("walk rules → sign → approve → hold → token → release → done", () => {
    const walk = (needsSignature: boolean) => {
      const stages = ["rules"];
      let stage = nextStage("rules", needsSignature);
      while (stage !== "done") {
        stages.push(stage);
        stage = nextStage(stage, needsSignature);
      }
      return stages;
    };
    expect(walk(true)).toEqual(["rules", "sign", "approve", "hold", "token", "release"]);
    expect(walk(false)).toEqual(["rules", "approve", "hold", "token", "release"]);
    expect(nextStage("rollback", true)).toBe("done");
  });

  it("name the instruction they work on", () => {
    expect([sequenceOfStage("hold"), sequenceOfStage("token"), sequenceOfStage("release"), sequenceOfStage("rollback")]).toEqual([1, 2, 3, 1]);
  });
});
