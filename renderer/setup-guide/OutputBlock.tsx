import { platform } from '../platform/index';
import { CopyButton } from '../shell/CopyButton';

interface Props {
  title: string;
  filename: string;
  text: string;
  description?: string;
  /** wrap long lines (a one-line command) instead of scrolling sideways (files whose line breaks matter) */
  wrap?: boolean;
}

/** One generated file: its text, Copy and Download. */
export function OutputBlock({ title, filename, text, description, wrap = false }: Props) {
  const download = () => {
    platform.saveFile(filename, new Blob([text], { type: 'text/plain;charset=utf-8' })).catch((err: unknown) => console.warn(`Saving ${filename} failed`, err));
  };
  return (
    <section className="sg-output" aria-label={title} data-testid={`output-${filename}`}>
      <div className="sg-output-head">
        <div>
          <h4>{title}</h4>
          {description && <p className="muted">{description}</p>}
        </div>
        <div className="sg-output-actions">
          <CopyButton text={text} what={filename} />
          <button type="button" className="btn btn-small" aria-label={`Download ${filename}`} onClick={download}>
            Download
          </button>
        </div>
      </div>
      {/* focusable, so keyboard users can scroll a file wider than the screen */}
      <pre className={`sg-code${wrap ? ' sg-code-wrap' : ''}`} role="region" aria-label={`${filename} contents`} tabIndex={0}>
        <code>{text}</code>
      </pre>
    </section>
  );
}
