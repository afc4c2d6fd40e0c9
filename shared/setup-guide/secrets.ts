/** Fills a byte array with random values; the Web Crypto API in production, a fixed sequence in tests. */
export type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

export const cryptoFill: RandomFill = (bytes) => globalThis.crypto.getRandomValues(bytes);

/** Spec 9: generated passwords are 24 characters of letters, digits and !@#$%^&*. */
export const passwordAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*';
export const passwordLength = 24;
/** Spec 9: the runner token is 32 random bytes in hex. */
export const runnerTokenBytes = 32;

/**
 * Rejection sampling: a byte at or above the largest multiple of the alphabet size would map
 * some characters more often than others (256 is not a multiple of 70), so such bytes are
 * drawn again instead of taken modulo.
 */
export function generatePassword(fill: RandomFill = cryptoFill, length: number = passwordLength): string {
  const size = passwordAlphabet.length;
  const limit = 256 - (256 % size);
  let out = '';
  const buf = new Uint8Array(length * 2);
  while (out.length < length) {
    fill(buf);
    for (const byte of buf) {
      if (byte >= limit) continue;
      out += passwordAlphabet[byte % size];
      if (out.length === length) break;
    }
  }
  return out;
}

export function generateRunnerToken(fill: RandomFill = cryptoFill): string {
  const bytes = fill(new Uint8Array(runnerTokenBytes));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
