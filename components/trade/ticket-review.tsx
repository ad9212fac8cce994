"use client";

// The trade ticket's review step: the trade in one sentence from the person's side, every field the
// browser key signs with its meaning, then "Sign and submit". A refusal says in words why and what
// it means for the money; a lost answer offers to send the very same signed trade again.
import type { Ref } from "react";

import { SignedFieldsReview } from "@/components/trade/signed-fields-review";
import { ProblemMessage } from "@/components/ui/problem-message";
import { StatusMessage } from "@/components/ui/status-message";
import { cardClass, primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles";
import { wasRefused } from "@/lib/client/api-client";
import { tradeRefusalReason } from "@/lib/client/problem-words";
import { usePaymentOrganizations } from "@/lib/client/queries";
import { describeSignedFields } from "@/lib/client/signed-fields";
import type { PreparedExecution } from "@/lib/client/trade-execution";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import type { TicketSide } from "@/lib/domain/trade/offer-side";
import type { AssetView } from "@/lib/schemas/asset";
import type { IntentType } from "@/lib/schemas/intent";
import type { ProfileView } from "@/lib/schemas/profile";

/** What the ticket's edit step holds while the person goes back and forth. */
export type TicketDraft = { profileId: string | null; quantity: string; escrowOrgId: string | null };

/** A trade prepared for signing, and from whose side. */
export type ReviewInput = { side: TicketSide; you: ProfileView; escrowOrgId: string; prepared: PreparedExecution };

type Props = {
  review: ReviewInput;
  asset: AssetView;
  offerType: IntentType;
  headingRef: Ref<HTMLHeadingElement>;
  keyReady: boolean;
  sending: boolean;
  error: unknown;
  onSubmit: () => void;
  onBack: () => void;
};

const NOTHING_HAPPENED: Readonly<Record<TicketSide, string>> = {
  buy: "Nothing was bought and no money was taken.",
  sell: "Nothing was sold and your tokens did not move.",
};

export function TicketReview({ review, asset, offerType, headingRef, keyReady, sending, error, onSubmit, onBack }: Props) {
  const organizations = usePaymentOrganizations();
  const { side, you, prepared } = review;
  const { trade, template } = prepared;
  const escrowName = organizations.data?.find((o) => o.id === review.escrowOrgId)?.name ?? review.escrowOrgId;
  const groups = describeSignedFields(template, {
    youFinId: you.finId,
    buyerFinId: trade.buyerFinId,
    sellerFinId: trade.sellerFinId,
    buyerLabel: "the buyer",
    sellerLabel: offerType === "primarySale" ? "the issuer" : "the seller",
    assetLabel: `${asset.name} (${asset.id})`,
  });
  const failed = error !== null && error !== undefined;
  const refused = failed && wasRefused(error);
  return (
    <section aria-labelledby="ticket-review-heading" className={`${cardClass} space-y-4`}>
      <h2 id="ticket-review-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold">
        Review and sign
      </h2>
      {side === "buy" ? (
        <p>
          You buy <strong>{trade.quantity}</strong> tokens of {asset.name} for <strong>{trade.settlementAmount} {trade.currency}</strong>, paid from your profile{" "}
          {finIdFingerprint(you.finId)} through {escrowName}.
        </p>
      ) : (
        <>
          <p>
            You sell <strong>{trade.quantity}</strong> tokens of {asset.name} for <strong>{trade.settlementAmount} {trade.currency}</strong>, paid to your profile{" "}
            {finIdFingerprint(you.finId)} through {escrowName}.
          </p>
          <p>After you sign, the buyer is asked to sign the same trade in their signing inbox; it settles once they have.</p>
        </>
      )}
      <SignedFieldsReview groups={groups} hash={template.hash} />
      {failed ? (
        <ProblemMessage
          error={error}
          summary={
            refused
              ? `The trade was not made: ${tradeRefusalReason(error, side)} ${NOTHING_HAPPENED[side]}`
              : "No answer came, so the trade may have been made. “Send the same signed trade again” sends this very trade, which cannot be made twice."
          }
        />
      ) : null}
      {sending ? <StatusMessage tone="info">Signing and sending…</StatusMessage> : null}
      <div className="flex flex-wrap gap-3">
        {refused ? null : (
          <button type="button" className={primaryButtonClass} disabled={sending || !keyReady} onClick={onSubmit}>
            {sending ? "Sending…" : failed ? "Send the same signed trade again" : "Sign and submit"}
          </button>
        )}
        <button type="button" className={secondaryButtonClass} disabled={sending} onClick={onBack}>
          Back to the ticket
        </button>
      </div>
    </section>
  );
}
