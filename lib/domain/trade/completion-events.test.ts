import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withCompletionEvent } from "./completion-events";

const event = fc.record({ instructionSequenceNumber: fc.integer({ min: 1, max: 9 }), output: fc.dictionary(fc.string(), fc.jsonValue()) });

describe("withCompletionEvent", () => {
  it("answers the text JSON.stringify writes for the array with the event appended", () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 5 }), event, (before, next) => {
        expect(withCompletionEvent(JSON.stringify(before), next)).toBe(JSON.stringify([...before, next]));
      }),
    );
  });

  it("parses a text of another form, and fails on one that is not a JSON array", () => {
    expect(withCompletionEvent(' [ {"a":1} ] ', { b: 2 })).toBe('[{"a":1},{"b":2}]');
    expect(withCompletionEvent("[1]", { b: 2 })).toBe('[1,{"b":2}]');
    expect(() => withCompletionEvent("not json", { b: 2 })).toThrow(SyntaxError);
  });
});
