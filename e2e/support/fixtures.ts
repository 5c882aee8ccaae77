/** Data that support/seed-fixtures.ts puts in the e2e database before the server starts. */
export const FIXTURE_LEAD = {
  email: 'quinn.fixture@example.org',
  parentName: 'Quinn Fixture',
  child: 'Robin Fixture',
  /** A word of its conversation, for the message search. */
  searchWord: 'occupational',
};
export const DEMO_LEAD_COUNT = 24;
