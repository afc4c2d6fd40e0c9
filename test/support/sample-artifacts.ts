import zlib from 'node:zlib';
import { strToU8, zipSync, type Zippable } from 'fflate';

/**
 * Artifacts shaped like the platform's CI results folder (test output log, PNG screenshots, LLM
 * conversation logs, the result summary), for tests, the e2e spec and `npm run ci:upload-sample`.
 */

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG: a coloured screen with a darker title bar, so screenshots differ and are visible. */
export function makePng(width: number, height: number, rgb: [number, number, number]): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    const shade = y < height / 6 ? 0.5 : 1;
    for (let x = 0; x < width; x++) {
      const at = y * row + 1 + x * 3;
      raw[at] = Math.round(rgb[0] * shade);
      raw[at + 1] = Math.round(rgb[1] * shade);
      raw[at + 2] = Math.round(rgb[2] * shade);
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', new Uint8Array(0))]));
}

export interface SampleOptions {
  testType?: string;
  status?: string;
  /** lines of test_output.log */
  logLines?: number;
  /** lines of each conversation log */
  conversationLines?: number;
  screenshots?: number;
  /** the folder every file sits in, as the CI's `zip -r` of its results folder makes it */
  folder?: string;
}

const colours: [number, number, number][] = [
  [70, 110, 220],
  [60, 170, 120],
  [210, 140, 60],
  [180, 70, 160],
];

export function sampleArtifactFiles(opts: SampleOptions = {}): Zippable {
  const { testType = 'oauth_integration', status = 'passed', logLines = 120, conversationLines = 140, screenshots = 3, folder = 'helix-oauth-test-results' } = opts;
  const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i + 1)).join('\n');
  const files: Zippable = {
    'test_output.log': strToU8(lines(logLines, (i) => `[${String(i).padStart(4, '0')}] ${testType}: step ${i} ${i % 10 === 0 ? 'checkpoint reached' : 'ok'}`)),
    'test_result.txt': strToU8(`status=${status}\nduration=95\nexit_code=${status === 'failed' ? 1 : 0}\n`),
    'llm_conversation_agent.txt': strToU8(lines(conversationLines, (i) => (i % 2 ? `USER: question ${i}` : `ASSISTANT: answer ${i}`))),
    'report.json': strToU8(JSON.stringify({ testType, status, checks: 12 })),
  };
  const shots: Zippable = {};
  for (let i = 0; i < screenshots; i++) shots[`${String(i + 1).padStart(2, '0')}_step.png`] = makePng(320, 200, colours[i % colours.length]!);
  if (screenshots > 0) files.screenshots = shots;
  return folder ? { [folder]: files } : files;
}

/** The sample as a zip, as `zip -r` of the results folder would send it. */
export function sampleArtifactsZip(opts: SampleOptions = {}): Uint8Array {
  return zipSync(sampleArtifactFiles(opts), { level: 6 });
}
