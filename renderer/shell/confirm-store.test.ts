import { describe, expect, it } from 'vitest';
import { confirmAction, useConfirmStore } from './confirm-store';

const open = () => useConfirmStore.getState().pending;

describe('confirmAction', () => {
  it('opens the question and answers what the user chose, then closes', async () => {
    const yes = confirmAction({ message: 'Delete the deployment "a"?', action: 'Delete deployment' });
    expect(open()?.action).toBe('Delete deployment');
    open()?.settle(true);
    expect(await yes).toBe(true);
    expect(open()).toBeUndefined();

    const no = confirmAction({ message: 'Revoke?', action: 'Revoke API key' });
    open()?.settle(false);
    expect(await no).toBe(false);
  });

  it('asks one question at a time: a new one cancels the one still open', async () => {
    const first = confirmAction({ message: 'First?', action: 'Delete' });
    const second = confirmAction({ message: 'Second?', action: 'Remove' });
    expect(await first).toBe(false);
    expect(open()?.message).toBe('Second?');
    open()?.settle(true);
    expect(await second).toBe(true);
  });
});
