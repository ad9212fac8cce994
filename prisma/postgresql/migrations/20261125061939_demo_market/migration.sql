-- CreateTable
CREATE TABLE "DemoMarketKey" (
    "profileId" TEXT NOT NULL,
    "finId" TEXT NOT NULL,
    "privateKeySealed" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DemoMarketKey_pkey" PRIMARY KEY ("profileId")
);

-- CreateTable
CREATE TABLE "DemoWelcomeFunds" (
    "userId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" TEXT NOT NULL,
    "profileId" TEXT,
    "claimedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DemoWelcomeFunds_pkey" PRIMARY KEY ("userId")
);

-- CreateIndex
CREATE UNIQUE INDEX "DemoMarketKey_finId_key" ON "DemoMarketKey"("finId");

