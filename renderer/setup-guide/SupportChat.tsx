import { useId, useState } from 'react';
import { useModalDialog } from '../shell/use-modal-dialog';
import { DialogActions } from '../shell/DialogActions';
import { platform } from '../platform/index';
import { useBrand } from '../app/use-brand';
import { supportChatUrl, supportEmail, supportMailto } from './links';

/** Spec 2.10: every section ends with this call to action; it opens the support panel. */
export function SupportChatButton({ topic }: { topic: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="cta-box sg-support">
      <div>
        <strong>Stuck, or planning something bigger?</strong>
        <p className="muted">Our engineers help with sizing, networking and air-gapped installs.</p>
      </div>
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        Chat with Technical Support Team
      </button>
      {open && <SupportChatDialog topic={topic} onClose={() => setOpen(false)} />}
    </div>
  );
}

function SupportChatDialog({ topic, onClose }: { topic: string; onClose(): void }) {
  const brand = useBrand();
  const titleId = useId();
  const { ref: dialog, onCancel } = useModalDialog(onClose);

  return (
    <dialog ref={dialog} className="dialog sg-support-dialog" aria-labelledby={titleId} onCancel={onCancel} data-testid="support-chat">
      <h2 id={titleId}>Technical support</h2>
      <p>
        Talk to the team that builds {brand.name}. Tell us about your {topic.toLowerCase()} setup and where it stopped; include the output of the command that failed if you have it.
      </p>
      <div className="sg-support-options">
        <button type="button" className="btn btn-primary" onClick={() => platform.openExternal(supportChatUrl(brand))}>
          Open live chat
        </button>
        <a className="btn" href={supportMailto(brand, topic)}>
          E-mail {supportEmail(brand)}
        </a>
      </div>
      <DialogActions onClose={onClose} closeLabel="Close" />
    </dialog>
  );
}
