/** What Electron's `context-menu` event says about the spot right-clicked (the members used). */
export interface ContextMenuParams {
  isEditable: boolean;
  selectionText: string;
  editFlags: { canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean };
}

export type EditItem = { role: 'cut' | 'copy' | 'paste' | 'selectAll'; enabled: boolean } | { type: 'separator' };

/**
 * The right-click menu: Cut, Copy, Paste and Select All in a field (the terminal is one: xterm.js
 * puts its selection in its hidden text area on right-click); Copy on selected text elsewhere;
 * nothing otherwise. Menu roles give each item the system's own label, shortcut and action.
 */
export function contextMenuItems(p: ContextMenuParams): EditItem[] {
  if (p.isEditable)
    return [
      { role: 'cut', enabled: p.editFlags.canCut },
      { role: 'copy', enabled: p.editFlags.canCopy },
      { role: 'paste', enabled: p.editFlags.canPaste },
      { type: 'separator' },
      { role: 'selectAll', enabled: p.editFlags.canSelectAll },
    ];
  if (p.selectionText.trim()) return [{ role: 'copy', enabled: p.editFlags.canCopy }];
  return [];
}

export interface ContextMenuDeps {
  /** Electron's Menu.buildFromTemplate */
  buildFromTemplate(items: EditItem[]): { popup(): void };
}

/** Shows the edit menu where a page is right-clicked. */
export function attachContextMenu(contents: { on(event: 'context-menu', listener: (event: unknown, params: ContextMenuParams) => void): unknown }, deps: ContextMenuDeps): void {
  contents.on('context-menu', (_event, params) => {
    const items = contextMenuItems(params);
    if (items.length) deps.buildFromTemplate(items).popup();
  });
}
