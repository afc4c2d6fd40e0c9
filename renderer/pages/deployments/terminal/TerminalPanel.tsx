/** Props contract of the deployment terminal panel (implemented by the terminal work). */
export interface TerminalPanelProps {
  deploymentId: string;
  deploymentName: string;
  /** opened automatically after a create: closes itself 2 s after the output shows "Cloud-init" and "finished" */
  autoOpened: boolean;
  onClose(): void;
}

export default function TerminalPanel({ deploymentName, onClose }: TerminalPanelProps) {
  return (
    <section data-testid="terminal-panel" aria-label={`Terminal: ${deploymentName}`}>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </section>
  );
}
