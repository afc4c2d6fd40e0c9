import { defineFuzzSuite } from './fuzz-suite';

/** The fuzz suite (fuzz-suite.ts) on PGlite, the default database. */
await defineFuzzSuite('PGlite');
