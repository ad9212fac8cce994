-- The publisher's pick of the rows it has yet to number (lib/server/events/sequence-outbox.ts), on
-- PostgreSQL only. Numbering a row updates it, and until VACUUM reaches the table each update leaves
-- the row's earlier version, unnumbered, in the table and in the indexes on "publishedAt" and
-- "sequence": the pick's bitmap scan of those visited every one of them again (a trade's publisher
-- batches touched hundreds of pages to find two or three rows). This index holds the unnumbered rows
-- alone, in the pick's order, so the pick is an ordered index scan, which also marks the entries of
-- dead versions so that later scans skip them. Prisma's schema cannot state a partial index, so it is
-- defined here only (prisma/schema.prisma says so at the model).
CREATE INDEX "EventOutbox_unnumbered_idx" ON "EventOutbox"("createdAt", "id") WHERE "publishedAt" IS NULL AND "sequence" IS NULL;
