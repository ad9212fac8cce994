-- CreateTable
CREATE TABLE "DemoMarketKey" (
    "profileId" TEXT NOT NULL PRIMARY KEY,
    "finId" TEXT NOT NULL,
    "privateKeySealed" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "DemoWelcomeFunds" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "currency" TEXT NOT NULL,
    "amount" TEXT NOT NULL,
    "profileId" TEXT,
    "claimedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "DemoMarketKey_finId_key" ON "DemoMarketKey"("finId");

