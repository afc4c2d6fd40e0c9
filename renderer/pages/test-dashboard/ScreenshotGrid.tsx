import { useState } from 'react';
import type { TestArtifact } from '../../../shared/api/test-runs';
import { useScreenshot } from '../../queries/test-runs';
import { ScreenshotViewer } from './ScreenshotViewer';

function Thumb({ runId, shot, onOpen }: { runId: string; shot: TestArtifact; onOpen: () => void }) {
  const image = useScreenshot(runId, shot);
  return (
    <button type="button" className="screenshot-thumb" data-testid="screenshot-thumb" onClick={onOpen} title={shot.filename}>
      {image.data ? <img src={image.data} alt={shot.filename} loading="lazy" /> : <span className="muted">{image.error ? 'Failed to load' : 'Loading…'}</span>}
      <span className="thumb-name">{shot.filename}</span>
    </button>
  );
}

/** The run's screenshots as a grid; a click opens the viewer. */
export function ScreenshotGrid({ runId, shots }: { runId: string; shots: TestArtifact[] }) {
  const [open, setOpen] = useState<number | undefined>(undefined);
  if (shots.length === 0) return null;
  return (
    <section className="run-section" aria-labelledby="screenshots-title">
      <h2 className="section-title" id="screenshots-title">
        Screenshots <span className="count-pill">{shots.length}</span>
      </h2>
      <div className="screenshot-grid">
        {shots.map((s, i) => (
          <Thumb key={s.id} runId={runId} shot={s} onOpen={() => setOpen(i)} />
        ))}
      </div>
      {open !== undefined && <ScreenshotViewer runId={runId} shots={shots} index={open} onIndex={setOpen} onClose={() => setOpen(undefined)} />}
    </section>
  );
}
