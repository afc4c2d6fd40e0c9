import type { Logger } from 'pino';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, Db } from './db/client';

/** What every domain's routes and services are built from; tests pass their own. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  clock: Clock;
}
