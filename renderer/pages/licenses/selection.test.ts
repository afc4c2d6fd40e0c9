import { describe, expect, it } from 'vitest';
import { cardClick, needsOwnScroll } from './selection';

describe('card selection', () => {
  it.each([
    [undefined, 'community', '', { to: '/licenses#community', selected: 'community' }],
    ['community', 'community', '', { to: '/licenses', selected: undefined }],
    ['community', 'trial', '', { to: '/licenses#trial', selected: 'trial' }],
    ['trial', 'enterprise', '?type=trial', { to: '/licenses#enterprise', selected: 'enterprise' }],
    ['enterprise', 'enterprise', '?orgName=Acme&numUsers=40', { to: '/licenses', selected: undefined }],
    ['enterprise', 'trial', '?orgName=Acme&numUsers=40', { to: '/licenses?orgName=Acme&numUsers=40#trial', selected: 'trial' }],
    [undefined, 'trial', '?checkout=success', { to: '/licenses#trial', selected: 'trial' }],
  ] as const)('from %s clicking %s with %j goes to %j', (current, clicked, search, expected) => {
    expect(cardClick(current, clicked, search)).toEqual(expected);
  });

  it.each([
    [undefined, '', false],
    ['trial', 'trial', false],
    ['trial', '', true],
    ['enterprise', 'something-else', true],
  ] as const)('selected %s with hash %j scrolls itself: %s', (selected, hash, expected) => {
    expect(needsOwnScroll(selected, hash)).toBe(expected);
  });
});
