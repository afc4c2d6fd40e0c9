/**
 * The documented way out of the terminal. xterm keeps every key, Tab included (the shell's
 * completion), so Escape followed by Tab or Shift+Tab leaves it: Escape still reaches the shell
 * (vim, less), and the Tab after it goes to the browser, which moves focus to the next or
 * previous control. Any other key disarms.
 */
export const terminalExitHint = 'Press Esc then Tab to leave the terminal, Esc then Shift+Tab to reach Close.';

export interface ExitKeys {
  /** true: give the key to xterm (and the shell); false: let the browser have it */
  handle(event: Pick<KeyboardEvent, 'type' | 'key'>): boolean;
}

export function createExitKeys(): ExitKeys {
  let armed = false;
  return {
    handle(event) {
      // keydown decides; once the browser has moved focus, the Tab's keyup lands elsewhere
      if (event.type !== 'keydown') return true;
      if (event.key === 'Tab') {
        const leave = armed;
        armed = false;
        return !leave;
      }
      // modifier keys alone (Shift before Tab) keep the Escape armed
      if (['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) return true;
      armed = event.key === 'Escape';
      return true;
    },
  };
}
