// Accounts, parties and accounts with an asset (interface.md "Account", "Party", "Account with
// asset"; decisions.md §0: the field written "the service" is `finId`).

import { z } from "zod";

import { assetSchemas } from "@/lib/schemas/asset";
import { finIdSchema, objectSchema, orgIdSchema, orRequired, type Strictness } from "@/lib/schemas/common";
import { ibanSchema, ibanShapeSchema } from "@/lib/schemas/iban";

/** Spaces are dropped and letters upper-cased, so "de89 3704 0044 0532 0130 00" is accepted; the length and check digits are checked. */
export { ibanSchema };

function accountSchemasFor(strictness: Strictness) {
  const finIdAccount = objectSchema(strictness, {
    type: z.literal("finId"),
    finId: finIdSchema,
    orgId: orgIdSchema.optional(),
  });
  // Requests are checked in full; answers and stored records are read by the IBAN's shape.
  const ibanAccount = objectSchema(strictness, { type: z.literal("iban"), code: strictness === "strict" ? ibanSchema : ibanShapeSchema });
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
