/**
 * The load generator, in its own process so that it does not share an event loop with the server
 * it measures. Reads its options as JSON from argv, prints autocannon's summary as JSON.
 */
import autocannon from 'autocannon';
import type { LoadOptions } from './load';

const o = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
let next = 0;
const result = await autocannon({
  url: o.url,
  connections: o.connections,
  duration: o.durationS,
  timeout: 10,
  // Each connection is one user: tokens are dealt round-robin, so every token is exercised.
  setupClient: (client) => {
    const token = o.tokens[next++ % Math.max(1, o.tokens.length)];
    if (token) client.setHeaders({ authorization: `Bearer ${token}`, accept: 'application/json' });
  },
});
process.stdout.write(`${JSON.stringify(result)}\n`);
