import { useEffect, useRef } from 'react';
import type { TestArtifact } from '../../../shared/api/test-runs';
import { useScreenshot } from '../../queries/test-runs';

interface Props {
  runId: string;
  shots: TestArtifact[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** One screenshot at full size in a modal dialog, with Previous / Next; Escape or Close shuts it. */
export function ScreenshotViewer({ runId, shots, index, onIndex, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const shot = shots[index];
  const image = useScreenshot(runId, shot ?? shots[0]!);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  if (!shot) return null;
  return (
    <dialog
      ref={dialog}
      className="dialog screenshot-viewer"
      data-testid="screenshot-viewer"
      aria-label={shot.filename}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="viewer-head">
        <strong className="viewer-name">{shot.filename}</strong>
        <span className="muted">
          {index + 1} / {shots.length}
        </span>
      </div>
      <div className="viewer-image">
        {image.data ? <img src={image.data} alt={shot.filename} /> : image.error ? <p className="form-error">{image.error.message}</p> : <p className="muted">Loading…</p>}
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-small" disabled={index <= 0} onClick={() => onIndex(index - 1)}>
          Previous
        </button>
        <button type="button" className="btn btn-small" disabled={index >= shots.length - 1} onClick={() => onIndex(index + 1)}>
          Next
        </button>
        <button type="button" className="btn btn-small btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
