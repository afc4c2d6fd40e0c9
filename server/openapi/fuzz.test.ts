import { defineFuzzSuite } from '../test-support/fuzz/suite';

/** The fuzz suite (server/test-support/fuzz/suite.ts) on PGlite, the default database. */
await defineFuzzSuite('PGlite');
