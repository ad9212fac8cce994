// What a signing request asks the owner to sign, in plain words (the trade template of decisions.md
// §5: the tokens group, then the payment group). The hash that is signed is recomputed from the
// fields first: if it does not match, the words would not describe what is signed, so the review
// refuses instead of showing them.
import { verifyTemplateHashes, type SignatureTemplate } from "@/lib/domain/signature-template";

export type ReviewLine = { group: string; name: string; label: string; value: string };
export type SigningReview = { ok: true; summary: string[]; lines: ReviewLine[] } | { ok: false; reason: string };

const GROUP_NAMES = ["Tokens", "Payment"] as const;

const LABELS: Record<string, string> = {
  nonce: "Single-use number (nonce)",
  operation: "Operation",
  assetType: "Kind of asset",
  assetId: "Asset",
  srcAccountType: "Paid or delivered from (account kind)",
  srcAccount: "Paid or delivered from",
  dstAccountType: "Paid or delivered to (account kind)",
  dstAccount: "Paid or delivered to",
  amount: "Amount",
  expiry: "Money held until",
};

function formatTime(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().replace("T", " ").slice(0, 16) + " UTC";
}

/** A party as words: "you" when it is the signer's own finId. */
function who(finId: string | undefined, signer: string): string {
  if (finId === undefined) return "nobody";
  return finId.toLowerCase() === signer.toLowerCase() ? `you (${finId})` : finId;
}

function valueInWords(name: string, value: string, signer: string): string {
  switch (name) {
    case "assetType":
      return value === "p2p" ? "tokens of this network (p2p)" : value === "fiat" ? "money (fiat)" : value;
    case "operation":
      return value === "issue" ? "issue new tokens" : value === "transfer" ? "transfer existing tokens" : value;
    case "srcAccountType":
    case "dstAccountType":
      return value === "finId" ? "an account named by its finId" : value;
    case "srcAccount":
    case "dstAccount":
      return who(value, signer);
    case "expiry":
      return /^\d+$/.test(value) ? `${formatTime(Number(value))} (${value})` : value;
    default:
      return value;
  }
}

/** The plain-words review of a template the signer `signer` (a finId) is asked to sign. */
export function reviewSigningTemplate(template: SignatureTemplate, signer: string): SigningReview {
  if (!verifyTemplateHashes(template)) {
    return { ok: false, reason: "The request's hash does not match its fields, so what would be signed is not what is shown. Do not sign it." };
  }
  const lines: ReviewLine[] = template.hashGroups.flatMap((group, i) =>
    group.fields.map((f) => ({ group: GROUP_NAMES[i] ?? `Group ${i + 1}`, name: f.name, label: LABELS[f.name] ?? f.name, value: valueInWords(f.name, f.value, signer) })),
  );
  const field = (group: number, name: string) => template.hashGroups[group]?.fields.find((f) => f.name === name)?.value;
  const summary: string[] = [];
  const operation = field(0, "operation");
  if (operation) {
    const from = operation === "issue" ? "newly issued" : `from ${who(field(0, "srcAccount"), signer)}`;
    summary.push(`${field(0, "amount") ?? "?"} tokens of asset ${field(0, "assetId") ?? "?"}, ${from}, delivered to ${who(field(0, "dstAccount"), signer)}.`);
  }
  if (template.hashGroups[1]) {
    const expiry = field(1, "expiry");
    summary.push(
      `${field(1, "amount") ?? "?"} ${field(1, "assetId") ?? "?"} paid from ${who(field(1, "srcAccount"), signer)} to ${who(field(1, "dstAccount"), signer)}` +
        (expiry && /^\d+$/.test(expiry) ? `, the money held until ${formatTime(Number(expiry))}.` : "."),
    );
  }
  return { ok: true, summary, lines };
}
