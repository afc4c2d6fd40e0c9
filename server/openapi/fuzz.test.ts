import { defineFuzzSuite } from '../../test/support/fuzz/suite';

/** The fuzz suite (test/support/fuzz/suite.ts) on PGlite, the default database. */
await defineFuzzSuite('PGlite');
