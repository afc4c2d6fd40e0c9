import { useState } from 'react';
import { installCommand, type InstallOs, installOses, installOsLabels, usesGpu } from '../../shared/marketing/install-commands';
import { useBrand } from '../app/use-brand';
import { CopyButton } from '../shell/CopyButton';
import { requirements } from './catalog';
import { SupportChatButton } from './SupportChat';
import { Tabs } from './Tabs';

/** Local Setup: the quick-install command, platform support, requirements and next steps. */
export function LocalPanel() {
  const brand = useBrand();
  const [os, setOs] = useState<InstallOs>('linux');
  const [gpu, setGpu] = useState(false);
  const command = installCommand({ os, gpu }, brand.id);
  return (
    <div className="sg-panel">
      <h3>Quick install</h3>
      <Tabs<InstallOs> label="Operating system" options={installOses.map((id) => ({ id, label: installOsLabels[id] }))} selected={os} onSelect={setOs} />
      {os !== 'macos' && (
        <label className="sg-check">
          <input type="checkbox" checked={gpu} onChange={(e) => setGpu(e.target.checked)} />
          This machine has an NVIDIA GPU
        </label>
      )}
      <div className="sg-command">
        <code data-testid="install-command">{command}</code>
        <CopyButton text={command} what="install command" />
      </div>
      <p className="sg-hint">{usesGpu({ os, gpu }) ? 'Installs the control plane and a GPU runner.' : 'Installs a CPU-only setup; connect hosted model providers or a GPU runner later.'}</p>

      <div className="sg-columns">
        <div>
          <h4>Platform support</h4>
          <ul>
            <li>macOS: native</li>
            <li>Windows: via WSL2</li>
            <li>Linux: native</li>
          </ul>
        </div>
        <div>
          <h4>Requirements</h4>
          <ul>
            <li>Control plane: {requirements.controlPlane.join(', ')}</li>
            <li>GPU runner (optional): {requirements.gpuRunner.join(', ')}</li>
            <li>Docker installed and running</li>
          </ul>
        </div>
        <div>
          <h4>Next steps</h4>
          <ol>
            <li>Wait for the installer to finish starting the containers.</li>
            <li>
              Open <a href="http://localhost:8080">http://localhost:8080</a> and register the first account.
            </li>
            <li>Add your license key and model providers in the admin settings.</li>
          </ol>
        </div>
      </div>
      <SupportChatButton topic="Local setup" />
    </div>
  );
}
