import { failedToStart, main } from './run';

/** The server as a program: `tsx server/main.ts` (development), `node dist/server/main.mjs` (compiled). */
main().catch(failedToStart);
