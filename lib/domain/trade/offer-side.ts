// Which side of an offer the portal's trade ticket takes, and whose offer it is (flows.md "Primary
// sale", "Selling intent", "Buying intent"): primary sales and selling intents are bought, buying
// intents are sold into by a holder of the asset. Nobody takes their own offer: the router refuses
// it, so the portal does not offer it.

/** The owner-naming part of an intent, as the router shows it. */
export type OfferPart = { type: "primarySale"; issuerId: string } | { type: "sellingIntent"; seller: string } | { type: "buyingIntent"; buyer: string };

export type TicketSide = "buy" | "sell";

export function ticketSideOf(type: OfferPart["type"]): TicketSide {
  return type === "buyingIntent" ? "sell" : "buy";
}

/** The profile that published the offer: the issuer of a primary sale, the seller, or the buyer. */
export function offerOwnerProfileId(part: OfferPart): string {
  if (part.type === "primarySale") return part.issuerId;
  return part.type === "sellingIntent" ? part.seller : part.buyer;
}

/** Whether one of `profileIds` (the viewer's profiles) published the offer. */
export function isOwnOffer(part: OfferPart, profileIds: Iterable<string>): boolean {
  const owner = offerOwnerProfileId(part);
  for (const id of profileIds) if (id === owner) return true;
  return false;
}
