import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['an administrator shutdown (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception class 08', withCode('08006')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a driver error wrapped by the ORM', new Error('Failed query: select 1', { cause: withCode('ECONNREFUSED') })],
    ['several refused addresses', Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), { code: undefined })],
  ])('recognises %s', (_what, err) => expect(isDatabaseUnavailable(err)).toBe(true));

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['a non-error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('leaves %s alone', (_what, err) => expect(isDatabaseUnavailable(err)).toBe(false));
});
