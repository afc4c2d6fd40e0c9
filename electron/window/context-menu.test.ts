import { describe, expect, it } from 'vitest';
import { attachContextMenu, type ContextMenuParams, type EditItem } from './context-menu';

const flags = { canCut: false, canCopy: false, canPaste: false, canSelectAll: false };

function rightClick(params: Partial<ContextMenuParams>) {
  let listener: ((event: unknown, params: ContextMenuParams) => void) | undefined;
  const shown: EditItem[][] = [];
  attachContextMenu({ on: (_: 'context-menu', l: typeof listener) => (listener = l) }, { buildFromTemplate: (items) => ({ popup: () => void shown.push(items) }) });
  listener?.({}, { isEditable: false, selectionText: '', editFlags: flags, ...params });
  return shown;
}

describe('the right-click menu', () => {
  it('offers cut, copy, paste and select all in a field, enabled as the field allows', () => {
    expect(rightClick({ isEditable: true, editFlags: { ...flags, canPaste: true, canSelectAll: true } })).toEqual([
      [{ role: 'cut', enabled: false }, { role: 'copy', enabled: false }, { role: 'paste', enabled: true }, { type: 'separator' }, { role: 'selectAll', enabled: true }],
    ]);
  });

  it("copies the terminal's selection (xterm.js's text area is the field right-clicked)", () => {
    const [items] = rightClick({ isEditable: true, selectionText: 'ls -la', editFlags: { canCut: true, canCopy: true, canPaste: true, canSelectAll: true } });
    expect(items).toContainEqual({ role: 'copy', enabled: true });
    expect(items).toContainEqual({ role: 'paste', enabled: true });
  });

  it('offers only copy on selected page text, and nothing on a bare spot', () => {
    expect(rightClick({ selectionText: 'Deployment ready', editFlags: { ...flags, canCopy: true } })).toEqual([[{ role: 'copy', enabled: true }]]);
    expect(rightClick({ selectionText: '  ' })).toEqual([]);
  });
});
