import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';

/** The run's migrated PGlite dump (./pglite-template.global.ts), for an in-memory database to start from. */
export const pgliteTemplate = (): string => inject('pgliteTemplate');

/** A fresh in-memory PGlite with every migration applied, started from the run's template. */
export const openTestPglite = (): Promise<Database> => openDatabase({ pgliteTemplate: pgliteTemplate() });
