import { describe, expect, it } from 'vitest';
import { generatePassword, generateRunnerToken, passwordAlphabet, type RandomFill } from './secrets';

/** A fill that hands out the given bytes in order, repeating the last one forever. */
function sequence(bytes: number[]): RandomFill {
  let i = 0;
  return (buf) => {
    for (let j = 0; j < buf.length; j++) buf[j] = bytes[Math.min(i++, bytes.length - 1)] ?? 0;
    return buf;
  };
}

describe('generatePassword', () => {
  it('is 24 characters from letters, digits and !@#$%^&*', () => {
    for (let n = 0; n < 200; n++) {
      const p = generatePassword();
      expect(p).toMatch(/^[A-Za-z0-9!@#$%^&*]{24}$/);
    }
  });

  it('differs between calls', () => {
    expect(new Set(Array.from({ length: 50 }, () => generatePassword())).size).toBe(50);
  });

  it.each([
    // 70 symbols: bytes 210..255 would favour the first 46 characters, so they are skipped.
    [[210, 255, 0], 'A'],
    [[209], '*'],
    [[69], '*'],
    [[70], 'A'],
    [[26], 'a'],
    [[62], '!'],
  ])('rejects biased bytes: %j → %s…', (bytes, first) => {
    expect(generatePassword(sequence(bytes), 1)).toBe(first);
  });

  it('uses every symbol of the alphabet over many draws', () => {
    const seen = new Set(Array.from({ length: 400 }, () => generatePassword()).join(''));
    expect(seen.size).toBe(passwordAlphabet.length);
  });
});

describe('generateRunnerToken', () => {
  it('is 32 random bytes in hex', () => {
    expect(generateRunnerToken()).toMatch(/^[0-9a-f]{64}$/);
    expect(generateRunnerToken(sequence([0, 1, 255]))).toBe(`0001${'ff'.repeat(30)}`);
  });
});
