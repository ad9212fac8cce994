import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { digestImplementation, nobleDigest, nodeDigest, sha256Hex, sha3_256Hex, type DigestAlgorithm, type DigestPart } from "./digest";
import { bytesToHex } from "./hex";

const ALGORITHMS: DigestAlgorithm[] = ["sha256", "sha3-256"];
const HEX: Record<DigestAlgorithm, (parts: readonly DigestPart[]) => string> = { sha256: sha256Hex, "sha3-256": sha3_256Hex };

// FIPS 180-4 and FIPS 202 known answers (the empty message and "abc").
const KNOWN: Record<DigestAlgorithm, [string, string][]> = {
  sha256: [
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
  ],
  "sha3-256": [
    ["", "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"],
    ["abc", "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"],
  ],
};

const part: fc.Arbitrary<DigestPart> = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc.string({ maxLength: 200 }),
  // lone surrogates included: both sides write them as U+FFFD
  fc.string({ unit: "binary", maxLength: 100 }),
);

describe("digest", () => {
  it("hashes with node:crypto on Node", () => {
    expect(digestImplementation()).toBe("node:crypto");
  });

  for (const algorithm of ALGORITHMS) {
    it(`${algorithm}: the standard's known answers, by both implementations`, () => {
      for (const [message, expected] of KNOWN[algorithm]) {
        expect(HEX[algorithm]([message])).toBe(expected);
        expect(bytesToHex(nobleDigest(algorithm, [message]))).toBe(expected);
        expect(bytesToHex(nodeDigest(algorithm, [new TextEncoder().encode(message)]) ?? new Uint8Array())).toBe(expected);
      }
    });

    it(`${algorithm}: node:crypto and @noble/hashes agree on any parts, and parts hash as their concatenation`, () => {
      fc.assert(
        fc.property(fc.array(part, { maxLength: 6 }), (parts) => {
          const browser = nobleDigest(algorithm, parts);
          expect(nodeDigest(algorithm, parts)).toEqual(browser);
          expect(HEX[algorithm](parts)).toBe(bytesToHex(browser));
          const joined = parts.flatMap((p) => [...(typeof p === "string" ? new TextEncoder().encode(p) : p)]);
          expect(bytesToHex(nobleDigest(algorithm, [Uint8Array.from(joined)]))).toBe(bytesToHex(browser));
        }),
        { numRuns: 500 },
      );
    });
  }

  it("is SHA3-256, not Keccak-256 (the two differ in padding)", () => {
    // Keccak-256("") is c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470
    expect(sha3_256Hex([])).not.toBe("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
  });
});
