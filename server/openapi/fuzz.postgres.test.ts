import { defineFuzzSuite } from '../../test/support/fuzz/suite';

/** The fuzz suite (test/support/fuzz/suite.ts) on a throw-away PostgreSQL database; required when CI is set. */
await defineFuzzSuite('PostgreSQL');
