// The outbox rows the publisher has yet to number, in the order it numbers them
// (sequence-outbox.ts). On PostgreSQL the partial index "EventOutbox_unnumbered_idx" holds exactly
// these rows in this order (its migration, 20261129213000_outbox_unnumbered_index, says why), and
// tests/api/outbox-pick.test.ts checks that the index can serve the pick in its order: change one,
// change the other.
// A module of its own, without the database's modules, so that the test can import it.
export const UNNUMBERED_IN_ORDER = `from "EventOutbox" where "publishedAt" is null and "sequence" is null order by "createdAt" asc, "id" asc`;
