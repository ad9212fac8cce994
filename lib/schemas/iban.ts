// IBANs (ISO 13616): the country's length and national format and the mod-97 check digits, checked
// with ibantools against its country table, so "DE00 1234" or one mistyped digit is refused before
// any money is sent. One schema for the browser (the withdrawal form) and the server (withdrawals,
// accounts to prove, ledger imports); reading others' answers checks the shape only.
import { getCountrySpecifications, validateIBAN, ValidationErrorsIBAN } from "ibantools";
import { z } from "zod";

import { requiredAs } from "@/lib/schemas/common";

/** Longer input is refused before any other check (an IBAN has at most 34 characters, plus spaces). */
const IBAN_INPUT_MAX_LENGTH = 64;
/** Country code, check digits, then up to 30 letters or digits: the shape, before the country's rules. */
const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/;
const SHAPE_RULE = "must be an IBAN: 2 letters, 2 digits, then up to 30 letters or digits";
const CHECK_DIGITS = "its check digits do not match the rest: a character is probably mistyped";

const countries = getCountrySpecifications();
const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

function countryName(code: string): string {
  return `${regionNames.of(code) ?? code} (${code})`;
}

/** Spaces dropped, letters upper-cased: "de89 3704 0044 …" → "DE89370400440…". */
export function electronicIban(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** In groups of four, as a bank statement prints it: "DE89 3704 0044 0532 0130 00". */
export function groupIban(iban: string): string {
  return electronicIban(iban).replace(/(.{4})(?=.)/g, "$1 ");
}

/** Why `iban` (in electronic format) is not a valid IBAN, in words for the person who typed it; null when it is one. */
export function ibanProblem(iban: string): string | null {
  if (!IBAN_SHAPE.test(iban)) return SHAPE_RULE;
  const code = iban.slice(0, 2);
  const length = countries[code]?.chars;
  if (!length) return `must be an IBAN: ${code} is not a country that uses IBANs`;
  if (iban.length !== length) return `an IBAN from ${countryName(code)} has ${length} characters; this one has ${iban.length}`;
  const { valid, errorCodes } = validateIBAN(iban);
  if (valid) return null;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)) return `does not have the format of an IBAN from ${countryName(code)}: check the account number`;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) return "the bank's own check digits in it do not match: a character is probably mistyped";
  return CHECK_DIGITS;
}

const ibanInput = z
  .string({ error: requiredAs("an IBAN") })
  .max(IBAN_INPUT_MAX_LENGTH, { error: SHAPE_RULE, abort: true })
  .overwrite(electronicIban);

/** An IBAN someone gives: spaces and case are forgiven, the length and the check digits are not. */
export const ibanSchema = ibanInput.superRefine((iban, ctx) => {
  const problem = ibanProblem(iban);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** An IBAN in an answer being read (another organization's, a stored record): its shape only. */
export const ibanShapeSchema = ibanInput.regex(IBAN_SHAPE, { error: SHAPE_RULE });
