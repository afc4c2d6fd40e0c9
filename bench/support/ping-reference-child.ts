/** The ping ingest reference (./ping-reference.ts) in its own process, like Launchpad: `{ databaseUrl }` as JSON in argv; prints its URL. */
import { startPingReference } from './ping-reference';

const o = JSON.parse(process.argv[2] ?? '{}') as { databaseUrl: string };
const server = await startPingReference(o.databaseUrl);
process.stdout.write(`reference at ${server.url}\n`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
// The bench holds this pipe open: when it dies, this process goes too.
process.stdin.resume();
process.stdin.once('end', () => process.exit(0));
