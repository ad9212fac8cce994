// The first steps a newcomer takes, each with where it is done and whether it is done: an investor's
// (a browser key, a profile, a KYC/AML certificate, money, a first trade) and an issuer's (a key and
// profile, an asset, a first intent, a signing policy). The dashboard shows the list with its progress
// until every step is done. Pure: the dashboard hands it what it read.
export type FirstStep = { id: string; title: string; why: string; href: string; action: string; done: boolean };

export type FirstStepFacts = {
  keys: number;
  profiles: number;
  /** Profiles with an unexpired KYC/AML certificate. */
  kycProfiles: number;
  /** Money held in any currency, or tokens: the money has arrived. */
  funded: boolean;
  trades: number;
  assets: number;
  intents: number;
  /** Intents asking for the owner's signature through a policy (selling or buying). */
  signedIntents: number;
};

export function firstSteps(role: "investor" | "issuer", facts: FirstStepFacts): FirstStep[] {
  const key: FirstStep = {
    id: "key",
    title: "Create your browser key",
    why: "It signs your trades in this browser; it never leaves it.",
    href: "/profile",
    action: "Create a key on the Profile page",
    done: facts.keys > 0,
  };
  const profile: FirstStep = {
    id: "profile",
    title: "Make your profile",
    why: "Your account on the network, named by your key.",
    href: "/profile",
    action: "Make a profile on the Profile page",
    done: facts.profiles > 0,
  };
  if (role === "investor") {
    return [
      key,
      profile,
      { id: "kyc", title: "Add a KYC/AML certificate", why: "Some assets sell only to buyers with a valid one.", href: "/profile", action: "Add it on the Profile page", done: facts.kycProfiles > 0 },
      { id: "deposit", title: "Deposit money", why: "Trades are paid from your account at the payment organization.", href: "/cash", action: "Deposit on the Cash page", done: facts.funded },
      { id: "trade", title: "Make your first trade", why: "Pick an offer and buy in a minute.", href: "/marketplace", action: "Open the marketplace", done: facts.trades > 0 },
    ];
  }
  return [
    key,
    profile,
    { id: "asset", title: "Create an asset", why: "What you issue: its name, currency, decimals and who may buy it.", href: "/assets", action: "Create one on the Assets page", done: facts.assets > 0 },
    { id: "intent", title: "Publish your first intent", why: "A primary sale puts your asset on the marketplace.", href: "/intents", action: "Publish on the Intents page", done: facts.intents > 0 },
    {
      id: "signing",
      title: "Sign through a signing policy",
      why: "Selling or buying intents ask for your signature on each trade, in your signing inbox.",
      href: "/intents",
      action: "Publish an intent with the portal's signing inbox",
      done: facts.signedIntents > 0,
    },
  ];
}
