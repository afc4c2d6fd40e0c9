import { describe, expect, it } from 'vitest';
import { deleteConfirmText, deletedMessage, deleteQuestion } from './delete-text';

describe('deleting a license says what happens to it', () => {
  it('an issued license: the spec question (its key stays valid until it expires)', () => {
    expect(deleteQuestion({ payment_status: 'paid', license_key: 'key' })).toBe(deleteConfirmText);
    expect(deleteQuestion({ payment_status: 'none', license_key: 'key' })).toBe(deleteConfirmText);
    expect(deletedMessage({ payment_status: 'none', license_key: 'key', organization_name: 'Acme' })).toBe('Acme: the license stays valid until it expires.');
  });

  it('a license never paid: no promise of validity it never had', () => {
    expect(deleteQuestion({ payment_status: 'pending', license_key: null })).not.toContain('still be valid');
    expect(deleteQuestion({ payment_status: 'pending', license_key: null })).toContain('never paid');
    expect(deletedMessage({ payment_status: 'pending', license_key: null, organization_name: 'Acme' })).toBe('Acme: the unpaid license is gone from your list.');
  });
});
