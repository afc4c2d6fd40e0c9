import { useId, useState } from 'react';
import { type InstallOs, installCommand, installOses, installOsLabels, usesGpu } from '../../../../shared/marketing/install-commands';
import { CopyButton } from '../../../shell/CopyButton';
import { useBrand } from '../../../app/use-brand';
import { LocalTerminal } from './LocalTerminal';

/** The copyable one-line local install: pick the OS and whether an NVIDIA GPU is present. */
export function InstallCommand() {
  const brand = useBrand();
  const id = useId();
  const [os, setOs] = useState<InstallOs>('linux');
  // Most laptops that try this first have no NVIDIA GPU, so CPU-only is the safer default.
  const [gpu, setGpu] = useState(false);
  const command = installCommand({ os, gpu }, brand.id);
  const gpuPossible = os !== 'macos';

  return (
    <div className="install" data-testid="install-command">
      <fieldset className="install-os">
        <legend className="visually-hidden">Operating system</legend>
        {installOses.map((o) => (
          <label key={o} className={`install-os-option${o === os ? ' selected' : ''}`}>
            <input type="radio" name={`${id}-os`} value={o} checked={o === os} onChange={() => setOs(o)} />
            {installOsLabels[o]}
          </label>
        ))}
      </fieldset>
      <label className={`install-gpu${gpuPossible ? '' : ' disabled'}`}>
        <input type="checkbox" checked={usesGpu({ os, gpu })} disabled={!gpuPossible} onChange={(e) => setGpu(e.target.checked)} />
        This machine has an NVIDIA GPU
      </label>
      {!gpuPossible && <p className="install-note">Macs have no NVIDIA GPU, so macOS installs run CPU-only with an external LLM provider.</p>}
      {os === 'windows' && <p className="install-note">Run this inside a WSL2 Ubuntu shell{gpu ? ' with the NVIDIA driver for WSL installed' : ''}.</p>}
      <div className="install-line">
        <code className="install-code" aria-label="Install command">
          {command}
        </code>
        <CopyButton text={command} what="install command" variant="success" />
      </div>
      <LocalTerminal />
    </div>
  );
}
