import { describe, expect, it } from 'vitest';
import { socketToken } from './protocol';

const url = (query = '') => new URL(`ws://127.0.0.1/api/deployments/00000000-0000-4000-8000-000000000000/terminal${query}`);

describe('the terminal socket’s token', () => {
  it('the desktop app’s Authorization header, with the token out of the address', () => {
    expect(socketToken({ authorization: 'Bearer abc.def.ghi' }, url())).toBe('abc.def.ghi');
    expect(socketToken({ authorization: 'bearer abc' }, url('?follow=install'))).toBe('abc');
  });

  it('the web app’s token parameter keeps working (browsers cannot set WebSocket headers)', () => {
    expect(socketToken({}, url('?token=from-query'))).toBe('from-query');
    expect(socketToken({ authorization: 'Basic dXNlcjpwYXNz' }, url('?token=from-query'))).toBe('from-query');
  });

  it('neither: no token (the socket is refused with 4401)', () => {
    expect(socketToken({}, url())).toBeNull();
    expect(socketToken({ authorization: 'Bearer ' }, url())).toBeNull();
  });
});
