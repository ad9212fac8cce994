// GENERATED from portal-operations.graphql by scripts/graphql-documents.ts – run `npm run graphql:documents`
// after changing it. Each query as it is sent over HTTP (lib/client/graphql-query.ts), so that the browser
// ships no GraphQL printer.

/** query PortalPlans */
export const PortalPlansRequest = { operationName: 'PortalPlans', query: 'query PortalPlans($first:Int!$after:String){plans(first:$first after:$after){nodes{id status creationTimestamp quantity failureReason intent{id type assetId asset{name}settlementTerm{unitValue}}}pageInfo{hasNextPage endCursor}}}' };

/** query PortalReceipts */
export const PortalReceiptsRequest = { operationName: 'PortalReceipts', query: 'query PortalReceipts($first:Int!$after:String$settlementRef:String){receipts(first:$first after:$after settlementRef:$settlementRef){nodes{...PortalReceiptFields}pageInfo{hasNextPage endCursor}}}fragment PortalReceiptFields on Receipt{id quantity timestamp settlementRef transactionId asset{__typename ...PortalFiatAsset ...PortalTokenAsset ...PortalCoinAsset}source{id publicKey}destination{id publicKey}}fragment PortalFiatAsset on FiatAsset{code}fragment PortalTokenAsset on P2PAsset{resourceId asset{name}}fragment PortalCoinAsset on Cryptocurrency{symbol}' };

/** query PortalOverview */
export const PortalOverviewRequest = { operationName: 'PortalOverview', query: 'query PortalOverview{holdings(first:100){nodes{profileId balance held available asset{__typename ...PortalFiatAsset ...PortalTokenAsset ...PortalCoinAsset}}}profiles(first:50){nodes{id publicKey certificates(first:20){nodes{id type expiry expired}}}}}fragment PortalFiatAsset on FiatAsset{code}fragment PortalTokenAsset on P2PAsset{resourceId asset{name}}fragment PortalCoinAsset on Cryptocurrency{symbol}' };
