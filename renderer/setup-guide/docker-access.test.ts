import { describe, expect, it } from 'vitest';
import { defaultDockerAccess, dockerRegistration, isDirty, parseDockerAccess } from './docker-access';

describe('parseDockerAccess', () => {
  it.each([
    [null, defaultDockerAccess],
    ['not json', defaultDockerAccess],
    ['null', defaultDockerAccess],
    ['{"useCustomDomain":true,"customDomain":"ai.example.com"}', { useCustomDomain: true, customDomain: 'ai.example.com' }],
    ['{"useCustomDomain":"yes","customDomain":5}', defaultDockerAccess],
  ])('%j', (raw, parsed) => {
    expect(parseDockerAccess(raw)).toEqual(parsed);
  });
});

describe('isDirty', () => {
  const saved = { useCustomDomain: true, customDomain: 'ai.example.com' };
  it.each([
    [saved, false],
    [{ useCustomDomain: true, customDomain: '  ai.example.com ' }, false],
    [{ useCustomDomain: true, customDomain: 'other.example.com' }, true],
    [{ useCustomDomain: false, customDomain: 'ai.example.com' }, true],
  ])('%j → %s', (draft, dirty) => {
    expect(isDirty(draft, saved)).toBe(dirty);
  });
  it('ignores a domain typed while the box is unticked', () => {
    expect(isDirty({ useCustomDomain: false, customDomain: 'x' }, defaultDockerAccess)).toBe(false);
  });
});

describe('dockerRegistration', () => {
  it.each([
    [
      { useCustomDomain: true, customDomain: '  ai.example.com ' },
      { name: 'ai.example.com', url: 'https://ai.example.com', description: 'Acme on Docker Compose' },
    ],
    [
      { useCustomDomain: true, customDomain: 'https://ai.example.com/' },
      { name: 'ai.example.com', url: 'https://ai.example.com', description: 'Acme on Docker Compose' },
    ],
    [{ useCustomDomain: true, customDomain: '   ' }, undefined],
    [{ useCustomDomain: false, customDomain: 'ai.example.com' }, undefined],
  ])('%j', (access, body) => {
    expect(dockerRegistration(access, 'Acme')).toEqual(body);
  });
});
