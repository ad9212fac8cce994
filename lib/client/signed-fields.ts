// The review step of the trade ticket: every field of the trade template the browser key is about
// to sign (decisions.md §5: asset leg, then payment leg), each with its exact value and what it
// means in plain words. Built from the template itself, so nothing signed can be left unexplained.
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import type { SignatureTemplate } from "@/lib/domain/signature-template";

export type SignedField = { name: string; value: string; meaning: string };
export type SignedGroup = { title: string; hash: string; fields: SignedField[] };

export type Parties = {
  /** The signer, named "you": the buyer of a primary sale or selling intent, the seller into a buying intent. */
  youFinId: string;
  buyerFinId: string;
  sellerFinId: string;
  /** The other side in words: "the issuer", "the seller", "the buyer". */
  buyerLabel: string;
  sellerLabel: string;
  assetLabel: string;
};

const GROUP_TITLES = ["What happens to the tokens", "What happens to the money"];

function whoIs(finId: string, parties: Parties): string {
  const fingerprint = finIdFingerprint(finId);
  if (finId === parties.youFinId) return `you (your key ${fingerprint})`;
  if (finId === parties.buyerFinId) return `${parties.buyerLabel} (key ${fingerprint})`;
  if (finId === parties.sellerFinId) return `${parties.sellerLabel} (key ${fingerprint})`;
  return `the key ${fingerprint}`;
}

function utc(epochSeconds: string): string {
  const seconds = Number(epochSeconds);
  return Number.isSafeInteger(seconds) ? `${new Date(seconds * 1000).toISOString().replace("T", " ").slice(0, 19)} UTC` : epochSeconds;
}

function meaningOf(name: string, value: string, group: number, parties: Parties, currency: string): string {
  const tokens = group === 0;
  switch (name) {
    case "nonce":
      return "A one-time number that makes this signature usable once only; it ends with the time it was made.";
    case "operation":
      return value === "issue" ? "New tokens are issued to the buyer (a primary sale)." : "Existing tokens move from the seller to the buyer.";
    case "assetType":
      return value === "p2p" ? "The asset is a token of this network." : value === "fiat" ? "The payment is in money (a fiat currency)." : `The asset type is ${value}.`;
    case "assetId":
      return tokens ? `The token: ${parties.assetLabel}.` : `The currency: ${value}.`;
    case "srcAccountType":
    case "dstAccountType":
      return value === "finId" ? "The account is named by its owner's public key (finId)." : `The account type is ${value}.`;
    case "srcAccount":
      return tokens ? `The tokens come from ${whoIs(value, parties)}.` : `The money is paid by ${whoIs(value, parties)}.`;
    case "dstAccount":
      return tokens ? `The tokens go to ${whoIs(value, parties)}.` : `The money is paid to ${whoIs(value, parties)}.`;
    case "amount":
      return tokens ? `${value} tokens change hands.` : `${value} ${currency} is paid: the quantity times the unit price.`;
    case "expiry":
      return `The payment organization may hold your money until ${utc(value)} at the latest; then it is returned.`;
    default:
      return "A field of the trade template.";
  }
}

/** Every field of every group of `template`, in signing order, with its meaning. */
export function describeSignedFields(template: SignatureTemplate, parties: Parties): SignedGroup[] {
  const currency = template.hashGroups[1]?.fields.find((f) => f.name === "assetId")?.value ?? "";
  return template.hashGroups.map((group, index) => ({
    title: GROUP_TITLES[index] ?? `Group ${index + 1}`,
    hash: group.hash,
    fields: group.fields.map((field) => ({ name: field.name, value: field.value, meaning: meaningOf(field.name, field.value, index, parties, currency) })),
  }));
}
