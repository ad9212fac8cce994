import { describe, expect, it } from "vitest";

import {
  signatureSchema,
  signatureSchemas,
  signatureTemplateSchema,
  TEMPLATE_MAX_FIELDS_PER_GROUP,
  TEMPLATE_MAX_GROUPS,
  templateFieldSchema,
} from "@/lib/schemas/signature";
import { BUYER_SIGNATURE, DEPOSIT_TEMPLATE, issuesOf, TRADE_TEMPLATE, variant } from "@/lib/schemas/test-fixtures";

describe("signatureTemplateSchema", () => {
  it("accepts the trade and deposit template vectors unchanged", () => {
    expect(signatureTemplateSchema.parse(TRADE_TEMPLATE)).toEqual(TRADE_TEMPLATE);
    expect(signatureTemplateSchema.parse(DEPOSIT_TEMPLATE)).toEqual(DEPOSIT_TEMPLATE);
  });

  it("needs at least one group, and at most the group limit", () => {
    expect(issuesOf(signatureTemplateSchema, { ...TRADE_TEMPLATE, hashGroups: [] })).toEqual([
      "hashGroups: a template must have at least one hash group",
    ]);
    const tooMany = Array.from({ length: TEMPLATE_MAX_GROUPS + 1 }, () => TRADE_TEMPLATE.hashGroups[0]);
    expect(issuesOf(signatureTemplateSchema, { ...TRADE_TEMPLATE, hashGroups: tooMany })).toEqual([
      `hashGroups: a template has at most ${TEMPLATE_MAX_GROUPS} hash groups`,
    ]);
  });

  it("bounds the fields of a group", () => {
    const field = { name: "amount", type: "string", value: "1" };
    const group = {
      hash: TRADE_TEMPLATE.hash,
      fields: Array.from({ length: TEMPLATE_MAX_FIELDS_PER_GROUP + 1 }, () => field),
    };
    expect(issuesOf(signatureTemplateSchema, { hash: TRADE_TEMPLATE.hash, hashGroups: [group] })).toEqual([
      `hashGroups.0.fields: a hash group has at most ${TEMPLATE_MAX_FIELDS_PER_GROUP} fields`,
    ]);
  });

  it("refuses a malformed group hash at its path", () => {
    const bad = variant(TRADE_TEMPLATE, (t) => {
      t.hashGroups[1]!.hash = "xyz";
    });
    expect(issuesOf(signatureTemplateSchema, bad)).toEqual([
      "hashGroups.1.hash: must be a 32-byte hash as 64 hex characters",
    ]);
  });
});

describe("templateFieldSchema", () => {
  it("accepts bytes and string fields", () => {
    expect(templateFieldSchema.safeParse({ name: "nonce", type: "bytes", value: "abCD01" }).success).toBe(true);
    expect(templateFieldSchema.safeParse({ name: "assetId", type: "string", value: "any text: ok" }).success).toBe(
      true,
    );
  });

  it("requires even-length hex in bytes fields", () => {
    expect(issuesOf(templateFieldSchema, { name: "nonce", type: "bytes", value: "abc" })).toEqual([
      "value: a bytes field's value must be hex with an even number of characters",
    ]);
    expect(templateFieldSchema.safeParse({ name: "nonce", type: "bytes", value: "zz" }).success).toBe(false);
  });

  it("refuses other types, bad names and long values", () => {
    expect(issuesOf(templateFieldSchema, { name: "x", type: "number", value: "1" })).toEqual([
      'type: must be "bytes" or "string"',
    ]);
    expect(templateFieldSchema.safeParse({ name: "1x", type: "string", value: "1" }).success).toBe(false);
    expect(templateFieldSchema.safeParse({ name: "x", type: "string", value: "v".repeat(1025) }).success).toBe(false);
  });
});

describe("signatureSchema", () => {
  it("accepts { signature, template }", () => {
    const value = { signature: BUYER_SIGNATURE, template: TRADE_TEMPLATE };
    expect(signatureSchema.parse(value)).toEqual(value);
  });

  it("takes the fields Ownera's routers send, template.type and hashFunc, and keeps them for the checks of lib/domain/signature-claims.ts", () => {
    const value = { signature: BUYER_SIGNATURE, template: { type: "hashList", ...TRADE_TEMPLATE }, hashFunc: "sha3_256" };
    expect(signatureSchema.parse(value)).toEqual(value);
    // What they say is checked later (422); here only their shape and size.
    expect(signatureSchema.safeParse({ ...value, hashFunc: "sha256" }).success).toBe(true);
    expect(issuesOf(signatureSchema, { ...value, hashFunc: "x".repeat(33) })).toEqual(["hashFunc: must be at most 32 characters"]);
    expect(issuesOf(signatureSchema, { ...value, hashFunc: 256 })).toEqual(["hashFunc: must be a string"]);
  });

  it("is strict in requests and tolerant when read", () => {
    const value = { signature: BUYER_SIGNATURE, template: { ...TRADE_TEMPLATE, algorithm: "x" } };
    expect(issuesOf(signatureSchema, value)).toEqual(['template: Unrecognized key: "algorithm"']);
    expect(signatureSchemas.tolerant.signature.parse(value)).toEqual({
      signature: BUYER_SIGNATURE,
      template: TRADE_TEMPLATE,
    });
  });
});
