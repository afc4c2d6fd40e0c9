import { describe, expect, it, vi } from 'vitest';
import { type ClipboardHost, copyText, type HiddenTextarea } from './clipboard';

function fakeHost(opts: { clipboard?: 'ok' | 'rejects'; execCommand?: boolean | 'throws' }) {
  const written: string[] = [];
  const appended: HiddenTextarea[] = [];
  const area = {
    value: '',
    style: { position: '', top: '', left: '', opacity: '' },
    attrs: {} as Record<string, string>,
    setAttribute(name: string, value: string) {
      this.attrs[name] = value;
    },
    select: vi.fn(),
    remove: vi.fn(),
  };
  const focus = vi.fn();
  const copied: string[] = [];
  const warned: string[] = [];
  const host: ClipboardHost = {
    warn: (message: string) => warned.push(message),
    clipboard:
      opts.clipboard === undefined
        ? undefined
        : {
            writeText: (t: string) => (opts.clipboard === 'ok' ? (written.push(t), Promise.resolve()) : Promise.reject(new Error('denied'))),
          },
    document: {
      body: { appendChild: (n: unknown) => appended.push(n as HiddenTextarea) },
      activeElement: { focus },
      createElement: () => area,
      execCommand: () => {
        if (opts.execCommand === 'throws') throw new Error('unsupported');
        if (opts.execCommand) copied.push(area.value);
        return opts.execCommand === true;
      },
    },
  };
  return { host, written, appended, area, copied, focus, warned };
}

describe('copyText', () => {
  it('uses the Clipboard API when there is one', async () => {
    const f = fakeHost({ clipboard: 'ok' });
    expect(await copyText('KEY', f.host)).toBe(true);
    expect(f.written).toEqual(['KEY']);
    expect(f.appended).toHaveLength(0);
  });

  it('falls back to a hidden textarea and execCommand when the API is missing', async () => {
    const f = fakeHost({ execCommand: true });
    expect(await copyText('KEY', f.host)).toBe(true);
    expect(f.copied).toEqual(['KEY']);
    expect(f.area.attrs.readonly).toBe('');
    expect(f.area.style.left).toBe('-9999px');
    expect(f.area.select).toHaveBeenCalled();
    expect(f.area.remove).toHaveBeenCalled();
    expect(f.focus).toHaveBeenCalled();
  });

  it('falls back when the API refuses', async () => {
    const f = fakeHost({ clipboard: 'rejects', execCommand: true });
    expect(await copyText('KEY', f.host)).toBe(true);
    expect(f.copied).toEqual(['KEY']);
  });

  it('reports failure and still cleans up when nothing can copy', async () => {
    const refused = fakeHost({ execCommand: false });
    expect(await copyText('KEY', refused.host)).toBe(false);
    const throws = fakeHost({ execCommand: 'throws' });
    expect(await copyText('KEY', throws.host)).toBe(false);
    expect(throws.area.remove).toHaveBeenCalled();
  });

  it('logs a failure of both ways, and only then', async () => {
    const failed = fakeHost({ clipboard: 'rejects', execCommand: false });
    await copyText('KEY', failed.host);
    expect(failed.warned).toHaveLength(1);
    expect(failed.warned[0]).toContain('Copy failed');
    const fellBack = fakeHost({ clipboard: 'rejects', execCommand: true });
    await copyText('KEY', fellBack.host);
    expect(fellBack.warned).toHaveLength(0);
  });
});
