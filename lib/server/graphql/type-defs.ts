// The GraphQL schema served at /api/graphql (interface.md "GraphQL", "GraphQL receipt", "Events",
// "Certificate"; decisions.md §2 planAdded). Field names follow interface.md; amounts are decimal
// strings; times are epoch seconds.
export const typeDefs = /* GraphQL */ `
  "Whole seconds since 1970-01-01T00:00:00Z. A JSON number; it may exceed 32 bits, so it is not an Int."
  scalar EpochSeconds

  type PageInfo {
    hasNextPage: Boolean!
    "Pass as \`after\` to get the next page."
    endCursor: String
  }

  # ---------------------------------------------------------------------------------------------
  # Asset and account kinds (interface.md "Asset reference", "Account")

  union AssetKind = FiatAsset | P2PAsset | Cryptocurrency

  "A fiat currency (asset type fiat)."
  type FiatAsset {
    code: String!
  }

  "An asset of this network (asset type p2p)."
  type P2PAsset {
    resourceId: ID!
    "The asset itself, when this node knows it."
    asset: Asset
  }

  "Stored and shown, never settled (decisions.md §0)."
  type Cryptocurrency {
    symbol: String!
  }

  union AccountKind = FinIdAccount | Iban | CryptoWalletAccount

  type FinIdAccount {
    finId: String!
    "The organization holding the account."
    orgId: String
  }

  type Iban {
    code: String!
  }

  type CryptoWalletAccount {
    address: String!
  }

  type AccountWithAsset {
    account: AccountKind!
    asset: AssetKind!
  }

  # ---------------------------------------------------------------------------------------------
  # Assets and intents

  type AssetRules {
    kycAml: Boolean!
    accreditation: Boolean!
  }

  type Asset {
    id: ID!
    name: String!
    "The organization that created the asset."
    organizationId: String!
    "The issuer's profile."
    issuerId: ID!
    denomination: FiatAsset!
    decimals: Int!
    rules: AssetRules!
    "The asset's intents, newest first. Filters are ANDed; keys: type, status."
    intents(filter: [IntentFilter!], first: Int = 20, after: String): IntentConnection!
  }

  type AssetConnection {
    nodes: [Asset!]!
    pageInfo: PageInfo!
  }

  enum FilterOperator {
    EQ
  }

  """
  One condition on intents. key "type": primarySale, sellingIntent or buyingIntent.
  key "status": ACTIVE (executable now), NON_ACTIVE, COMPLETED or EXPIRED.
  """
  input IntentFilter {
    key: String!
    operator: FilterOperator!
    value: String!
  }

  enum IntentType {
    primarySale
    sellingIntent
    buyingIntent
  }

  enum IntentStatus {
    ACTIVE
    NON_ACTIVE
    COMPLETED
    EXPIRED
  }

  type Intent {
    id: ID!
    assetId: ID!
    asset: Asset
    type: IntentType!
    status: IntentStatus!
    start: EpochSeconds!
    end: EpochSeconds!
    assetTerm: AssetTerm!
    assetInstruction: AssetInstruction!
    settlementTerm: SettlementTerm!
    remainingQuantity: String!
    "The type's own part."
    intent: IntentTerms!
  }

  type IntentConnection {
    nodes: [Intent!]!
    pageInfo: PageInfo!
  }

  type AssetTerm {
    asset: AssetKind!
    amount: String!
  }

  type AssetInstruction {
    account: AccountWithAsset!
  }

  type SettlementTerm {
    asset: AssetKind!
    unitValue: String!
  }

  union IntentTerms = PrimarySaleTerms | SellingIntentTerms | BuyingIntentTerms

  type PrimarySaleTerms {
    issuerId: ID!
    sellingSettlementInstruction: SellingSettlementInstruction!
  }

  type SellingSettlementInstruction {
    type: String!
    whiteListedEscrows: [String!]!
    accounts: [SettlementAccount!]!
  }

  type SettlementAccount {
    asset: AssetKind!
    identifier: AccountKind!
  }

  type SellingIntentTerms {
    seller: ID!
    settlementInstruction: SettlementInstruction!
    signaturePolicy: SignaturePolicy
  }

  type BuyingIntentTerms {
    buyer: ID!
    settlementInstruction: SettlementInstruction!
    signaturePolicy: SignaturePolicy
  }

  type SettlementInstruction {
    type: String!
    destinationAccounts: AccountWithAsset!
    expiry: EpochSeconds
  }

  "Where the intent's creator is asked to sign; the secret is never shown."
  type SignaturePolicy {
    type: String!
    endpoint: String!
  }

  # ---------------------------------------------------------------------------------------------
  # Plans, receipts, profiles, holdings

  enum PlanStatus {
    Pending
    Approved
    Completed
    Failed
    Rejected
  }

  "A plan field whose changes plansChangedBy reports."
  enum PlanField {
    Status
  }

  type Plan {
    id: ID!
    "In a subscription event: the status the event reports."
    status: PlanStatus!
    creationTimestamp: EpochSeconds!
    intent: Intent!
    "Tokens the plan trades."
    quantity: String!
    currentInstructionSequence: Int!
    "Why a Failed or Rejected plan ended."
    failureReason: String
    "The trade's receipts (two once it completed), oldest first."
    receipts: [Receipt!]!
  }

  type PlanConnection {
    nodes: [Plan!]!
    pageInfo: PageInfo!
  }

  type Certificate {
    id: ID!
    "ownerInfo, KYC/AML or Accreditation"
    type: String!
    issuanceDate: EpochSeconds!
    "The certificate's expirationDate."
    expiry: EpochSeconds!
    "JSON text, by type (interface.md Certificate)."
    data: String!
    expired: Boolean!
  }

  type CertificateConnection {
    nodes: [Certificate!]!
    pageInfo: PageInfo!
  }

  "A party of a receipt: the profile behind a finId."
  type ReceiptParty {
    "The profile id, or null when no profile here has this finId."
    id: ID
    publicKey: String!
    "The profile's certificates, oldest first; null when you may not read them (not your profile, not shared with your organization)."
    certificates(first: Int = 20, after: String): CertificateConnection
  }

  type TradeDetails {
    "The intent the trade executed, as it is now."
    intent: Intent
    executionPlanId: ID
  }

  "A token exchange confirmation or a payment confirmation; a trade's two share settlementRef."
  type Receipt {
    id: ID!
    asset: AssetKind!
    "Absent for issued tokens."
    source: ReceiptParty
    destination: ReceiptParty
    sourceAccount: AccountKind
    destinationAccount: AccountKind
    quantity: String!
    timestamp: EpochSeconds!
    tradeDetails: TradeDetails!
    settlementRef: String!
    transactionId: String!
  }

  type ReceiptConnection {
    nodes: [Receipt!]!
    pageInfo: PageInfo!
  }

  type Holding {
    profileId: ID!
    asset: AssetKind!
    balance: String!
    "In escrow for trades under way, or tokens promised to them."
    held: String!
    available: String!
  }

  type HoldingConnection {
    nodes: [Holding!]!
    pageInfo: PageInfo!
  }

  type Profile {
    id: ID!
    publicKey: String!
    createdAt: EpochSeconds!
    "Organizations the profile is shared with."
    sharedWith: [String!]!
    holdings(first: Int = 20, after: String): HoldingConnection!
    certificates(first: Int = 20, after: String): CertificateConnection!
  }

  type ProfileConnection {
    nodes: [Profile!]!
    pageInfo: PageInfo!
  }

  type Viewer {
    id: ID!
    email: String!
    name: String!
    role: String!
    organizationId: String
  }

  type Heartbeat {
    "1 for the first beat of a subscription, then counting up"
    sequence: Int!
    "ISO 8601 time on the server when the beat was sent"
    serverTime: String!
  }

  type Query {
    "ISO 8601 time on the server"
    serverTime: String!
    "The signed-in caller, or null"
    viewer: Viewer
    "The network's assets, oldest first."
    assets(first: Int = 20, after: String): AssetConnection!
    asset(id: ID!): Asset
    "Intents of every asset, newest first. Filters are ANDed; keys: type, status."
    intents(filter: [IntentFilter!], first: Int = 20, after: String): IntentConnection!
    "Plans you take part in (as buyer, seller or executor; an organization: plans it is a participant of; an admin: all), newest first."
    plans(status: PlanStatus, first: Int = 20, after: String): PlanConnection!
    plan(id: ID!): Plan
    "Receipts of your profiles (an admin: all), newest first; settlementRef gives a trade's two."
    receipts(settlementRef: String, first: Int = 20, after: String): ReceiptConnection!
    "Your own profiles, oldest first."
    profiles(first: Int = 20, after: String): ProfileConnection!
    "Holdings of one of your profiles (profileId), or of all of them."
    holdings(profileId: ID, first: Int = 20, after: String): HoldingConnection!
  }

  type Subscription {
    "A beat every intervalMs milliseconds (100 to 60000), proving the socket is alive end to end"
    heartbeat(intervalMs: Int = 1000): Heartbeat!
    "A plan was created (an intent executed) that you may see."
    planAdded: Plan!
    "A plan you may see changed one of these fields; status is capitalized."
    plansChangedBy(fieldNames: [PlanField!]!): Plan!
    "A receipt was generated for a trade you may see."
    receiptAdded: Receipt!
  }
`;
