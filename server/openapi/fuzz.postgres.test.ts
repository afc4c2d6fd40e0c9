import { defineFuzzSuite } from './fuzz-suite';

/** The fuzz suite (fuzz-suite.ts) on a throw-away PostgreSQL database; required when CI is set. */
await defineFuzzSuite('PostgreSQL');
