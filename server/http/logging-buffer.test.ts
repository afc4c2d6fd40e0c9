import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { until } from '../../test/support/clock';
import { bufferedDestination, createLogger } from './logging';

describe('the request log’s buffer', () => {
  it('writes a quiet server’s last lines after its flush interval, without waiting for 4 KiB more', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lp-log-')), 'server.log');
    const read = () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
    const log = createLogger('info', bufferedDestination(file, 300));
    log.info({ requestId: 'quiet-1' }, 'request');
    // Held in the buffer at first (the write path stays cheap)…
    expect(read()).toBe('');
    // …and on disk soon after, with nothing else logged.
    await until('the first line on disk', async () => read().includes('"requestId":"quiet-1"'), 5000, 50);
    log.info({ requestId: 'quiet-2' }, 'request');
    await until('the second line on disk', async () => read().includes('"requestId":"quiet-2"'), 5000, 50);
    expect(read().trim().split('\n')).toHaveLength(2);
  });
});
