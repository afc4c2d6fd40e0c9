import { describe, expect, it } from 'vitest';
import { canSubmitAddForm, validateAddForm } from './add-form';

describe('add private deployment form', () => {
  it.each([
    [{ name: '', description: '', url: '' }, false],
    [{ name: 'Lab', description: '', url: '' }, false],
    [{ name: '', description: '', url: 'http://x' }, false],
    [{ name: '   ', description: '', url: 'http://x' }, false],
    [{ name: 'Lab', description: '', url: '  ' }, false],
    [{ name: 'Lab', description: '', url: 'nonsense' }, true],
  ])('Add enabled for %o: %s', (values, enabled) => {
    expect(canSubmitAddForm(values)).toBe(enabled);
  });

  it.each([
    [{ name: '', description: '', url: 'https://a.example' }, { name: 'Name is required' }],
    [{ name: 'Lab', description: '', url: '' }, { url: 'URL is required' }],
    [{ name: 'Lab', description: '', url: 'not a url' }, { url: 'Please enter a valid URL' }],
    [{ name: 'Lab', description: '', url: 'ftp://a.example' }, { url: 'Please enter a valid URL' }],
    [
      { name: ' ', description: '', url: ' ' },
      { name: 'Name is required', url: 'URL is required' },
    ],
  ])('rejects %o with %o', (values, errors) => {
    expect(validateAddForm(values)).toEqual({ ok: false, errors });
  });

  it('trims every value and keeps an empty description', () => {
    expect(validateAddForm({ name: '  Lab box ', description: '  GPU rig  ', url: ' http://10.0.0.5:8080 ' })).toEqual({
      ok: true,
      value: { name: 'Lab box', description: 'GPU rig', url: 'http://10.0.0.5:8080' },
    });
    expect(validateAddForm({ name: 'Lab', description: '', url: 'https://lab.example.com' })).toEqual({
      ok: true,
      value: { name: 'Lab', description: '', url: 'https://lab.example.com' },
    });
  });
});
