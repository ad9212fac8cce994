// The description of a deposit instruction: a pipe-delimited list of "Label: value" pairs with the
// eight labels of interface.md "Deposit instruction", the last being the reference number that
// incoming money is matched by.
export type BankDetails = {
  bankAddress: string;
  beneficiaryName: string;
  bankName: string;
  accountNumber: string;
  accountType: string;
  routingNumber: string;
  bicSwift: string;
};

export const DESCRIPTION_LABELS = [
  "Bank address",
  "Beneficiary name",
  "Bank name",
  "Account number",
  "Account type",
  "Routing number",
  "BIC/SWIFT code",
  "Reference number",
] as const;

/** Pipes would break the list, so a value never carries one. */
function clean(value: string): string {
  return value.replaceAll("|", "/").trim();
}

export function buildDepositDescription(bank: BankDetails, reference: string): string {
  const values = [
    bank.bankAddress,
    bank.beneficiaryName,
    bank.bankName,
    bank.accountNumber,
    bank.accountType,
    bank.routingNumber,
    bank.bicSwift,
    reference,
  ];
  return DESCRIPTION_LABELS.map((label, i) => `${label}: ${clean(values[i] ?? "")}`).join("|");
}

/** The labels and values of a description, in order. */
export function parseDepositDescription(description: string): Map<string, string> {
  const pairs = description.split("|").map((part) => {
    const at = part.indexOf(":");
    return at < 0 ? [part.trim(), ""] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
  });
  return new Map(pairs as [string, string][]);
}

// Crockford base32 without I, L, O, U: easy to read out and type into a bank transfer form.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const REFERENCE_PATTERN = /^ESC-[0-9A-HJKMNP-TV-Z]{12}$/;

/** 60 random bits; the database's unique index catches the (vanishing) chance of a repeat. */
export function generateDepositReference(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(12));
  let out = "";
  for (const byte of bytes) out += ALPHABET[byte % 32];
  return `ESC-${out}`;
}
