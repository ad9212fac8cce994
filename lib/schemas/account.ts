// Accounts, parties and accounts with an asset (interface.md "Account", "Party", "Account with
// asset"; decisions.md §0: the field written "the service" is `finId`).

import { z } from "zod";

import { assetSchemas } from "@/lib/schemas/asset";
import { finIdSchema, objectSchema, orgIdSchema, orRequired, requiredAs, type Strictness } from "@/lib/schemas/common";

/** Country code, check digits, then up to 30 letters or digits (the shape only, not the checksum). */
const IBAN_PATTERN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/;
const IBAN_RULE = "must be an IBAN: 2 letters, 2 digits, then up to 30 letters or digits";

/** Spaces are dropped and letters upper-cased, so "de89 3704 0044 0532 0130 00" is accepted. */
export const ibanSchema = z
  .string({ error: requiredAs("an IBAN") })
  .max(64, { error: IBAN_RULE, abort: true })
  .overwrite((value) => value.replace(/\s+/g, "").toUpperCase())
  .regex(IBAN_PATTERN, { error: IBAN_RULE });

function accountSchemasFor(strictness: Strictness) {
  const finIdAccount = objectSchema(strictness, {
    type: z.literal("finId"),
    finId: finIdSchema,
    orgId: orgIdSchema.optional(),
  });
  const ibanAccount = objectSchema(strictness, { type: z.literal("iban"), code: ibanSchema });
  const account = z.discriminatedUnion("type", [finIdAccount, ibanAccount], {
    error: orRequired('account type must be "finId" (with finId) or "iban" (with code)'),
  });
  const party = objectSchema(strictness, { finId: finIdSchema, account });
  const accountWithAsset = objectSchema(strictness, { account, asset: assetSchemas[strictness].asset });
  return { finIdAccount, ibanAccount, account, party, accountWithAsset };
}

/** Per strictness, for other modules' builders. */
export const accountSchemas = {
  strict: accountSchemasFor("strict"),
  tolerant: accountSchemasFor("tolerant"),
} as const;

export const finIdAccountSchema = accountSchemas.strict.finIdAccount;
export const ibanAccountSchema = accountSchemas.strict.ibanAccount;
/** `{ type: "finId", finId, orgId? }` or `{ type: "iban", code }`. */
export const accountSchema = accountSchemas.strict.account;
/** `{ finId, account }`: a source, destination or owner. */
export const partySchema = accountSchemas.strict.party;
/** `{ account, asset }`. */
export const accountWithAssetSchema = accountSchemas.strict.accountWithAsset;

export type FinIdAccount = z.infer<typeof finIdAccountSchema>;
export type IbanAccount = z.infer<typeof ibanAccountSchema>;
export type Account = z.infer<typeof accountSchema>;
export type Party = z.infer<typeof partySchema>;
export type AccountWithAsset = z.infer<typeof accountWithAssetSchema>;
