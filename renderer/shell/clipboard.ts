/** The parts of the browser a copy needs, so the fallback can be tested without a DOM. */
export interface ClipboardHost {
  clipboard: { writeText(text: string): Promise<void> } | undefined;
  document: {
    body: { appendChild(node: unknown): unknown };
    activeElement: unknown;
    createElement(tag: 'textarea'): HiddenTextarea;
    execCommand(command: 'copy'): boolean;
  };
  /** where a failed copy is reported (spec 8: copy failures are logged); console.warn by default */
  warn?: (message: string, cause?: unknown) => void;
}

export interface HiddenTextarea {
  value: string;
  style: { position: string; top: string; left: string; opacity: string };
  setAttribute(name: string, value: string): void;
  select(): void;
  remove(): void;
}

function browserHost(): ClipboardHost {
  return {
    // Only present in secure contexts (https, localhost); plain-http installs get the fallback.
    clipboard: typeof navigator !== 'undefined' && navigator.clipboard ? navigator.clipboard : undefined,
    document: document as unknown as ClipboardHost['document'],
  };
}

/** The pre-Clipboard-API way: select a hidden textarea and ask the browser to copy it. */
function copyWithTextarea(text: string, host: ClipboardHost): { ok: true } | { ok: false; cause?: unknown } {
  const doc = host.document;
  const previous = doc.activeElement as { focus?: () => void } | null;
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  Object.assign(area.style, { position: 'fixed', top: '0', left: '-9999px', opacity: '0' });
  doc.body.appendChild(area);
  try {
    area.select();
    return doc.execCommand('copy') ? { ok: true } : { ok: false };
  } catch (cause) {
    return { ok: false, cause };
  } finally {
    area.remove();
    previous?.focus?.();
  }
}

/** Copies text; true when it reached the clipboard. A failure of both ways is logged with its causes. */
export async function copyText(text: string, host: ClipboardHost = browserHost()): Promise<boolean> {
  let apiError: unknown;
  if (host.clipboard) {
    try {
      await host.clipboard.writeText(text);
      return true;
    } catch (error) {
      // permission denied or document not focused: try the old way
      apiError = error;
    }
  }
  const fallback = copyWithTextarea(text, host);
  if (fallback.ok) return true;
  const warn = host.warn ?? ((message: string, cause?: unknown) => console.warn(message, cause));
  warn('Copy failed: the Clipboard API and the text-area fallback both refused', { clipboardApi: apiError ?? 'unavailable', fallback: fallback.cause ?? 'execCommand returned false' });
  return false;
}
