// Signatures with their hash-list templates (interface.md "Signature", decisions.md §5). The schema
// checks shapes and sizes only; whether the hashes and terms match is lib/domain's job.

import { z } from "zod";

import {
  hashHexSchema,
  objectSchema,
  orRequired,
  requiredAs,
  signatureHexSchema,
  type Strictness,
} from "@/lib/schemas/common";

/** The trade template has 2 groups of at most 9 fields; these bounds leave room and stop abuse. */
export const TEMPLATE_MAX_GROUPS = 4;
export const TEMPLATE_MAX_FIELDS_PER_GROUP = 16;
export const TEMPLATE_FIELD_NAME_MAX_LENGTH = 64;
export const TEMPLATE_FIELD_VALUE_MAX_LENGTH = 1_024;
/** `template.type` and `hashFunc`, which peers send and this node checks (tolerances: README, For integrators). */
export const SIGNATURE_CLAIM_MAX_LENGTH = 32;

const EVEN_HEX = /^(?:[0-9a-fA-F]{2})*$/;

function signatureSchemasFor(strictness: Strictness) {
  const field = objectSchema(strictness, {
    name: z
      .string({ error: requiredAs("a field name") })
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/, { error: "must be a field name: a letter, then letters, digits or _" })
      .max(TEMPLATE_FIELD_NAME_MAX_LENGTH, {
        error: `must be at most ${TEMPLATE_FIELD_NAME_MAX_LENGTH} characters`,
      }),
    type: z.enum(["bytes", "string"], { error: orRequired('must be "bytes" or "string"') }),
    value: z.string({ error: requiredAs("a string") }).max(TEMPLATE_FIELD_VALUE_MAX_LENGTH, {
      error: `must be at most ${TEMPLATE_FIELD_VALUE_MAX_LENGTH} characters`,
    }),
  }).refine((f) => f.type !== "bytes" || EVEN_HEX.test(f.value), {
    error: "a bytes field's value must be hex with an even number of characters",
    path: ["value"],
  });

  const hashGroup = objectSchema(strictness, {
    hash: hashHexSchema,
    fields: z
      .array(field, { error: requiredAs("a list of fields") })
      .min(1, { error: "a hash group must have at least one field" })
      .max(TEMPLATE_MAX_FIELDS_PER_GROUP, {
        error: `a hash group has at most ${TEMPLATE_MAX_FIELDS_PER_GROUP} fields`,
      }),
  });

  const template = objectSchema(strictness, {
    /** Ownera's routers name the template kind; only "hashList" is verified here (lib/domain/signature-claims.ts refuses others with 422). */
    type: z
      .string({ error: requiredAs("a string") })
      .max(SIGNATURE_CLAIM_MAX_LENGTH, { error: `must be at most ${SIGNATURE_CLAIM_MAX_LENGTH} characters` })
      .optional(),
    hash: hashHexSchema,
    hashGroups: z
      .array(hashGroup, { error: requiredAs("a list of hash groups") })
      .min(1, { error: "a template must have at least one hash group" })
      .max(TEMPLATE_MAX_GROUPS, { error: `a template has at most ${TEMPLATE_MAX_GROUPS} hash groups` }),
  });

  const signature = objectSchema(strictness, {
    signature: signatureHexSchema,
    template,
    /** Ownera's routers name the template's hash; it must be sha3-256's (lib/domain/signature-claims.ts refuses others with 422). */
    hashFunc: z
      .string({ error: requiredAs("a string") })
      .max(SIGNATURE_CLAIM_MAX_LENGTH, { error: `must be at most ${SIGNATURE_CLAIM_MAX_LENGTH} characters` })
      .optional(),
  });
  return { field, hashGroup, template, signature };
}

/** Per strictness, for other modules' builders. */
export const signatureSchemas = {
  strict: signatureSchemasFor("strict"),
  tolerant: signatureSchemasFor("tolerant"),
} as const;

/** `{ name, type: "bytes" | "string", value }`; names are not hashed, values are. */
export const templateFieldSchema = signatureSchemas.strict.field;
export const hashGroupSchema = signatureSchemas.strict.hashGroup;
export const signatureTemplateSchema = signatureSchemas.strict.template;
/** `{ signature, template }`: how signed adapter requests carry a signature. */
export const signatureSchema = signatureSchemas.strict.signature;

export type TemplateField = z.infer<typeof templateFieldSchema>;
export type HashGroup = z.infer<typeof hashGroupSchema>;
export type SignatureTemplate = z.infer<typeof signatureTemplateSchema>;
export type Signature = z.infer<typeof signatureSchema>;
