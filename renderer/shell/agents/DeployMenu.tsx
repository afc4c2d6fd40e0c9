import { type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { selectSignedIn, useAuthStore } from '../../auth/store';
import { useDeployments } from '../../queries/deployments';
import { useBrand } from '../../app/use-brand';
import { usePrivateDeployments, useAddPrivateDeployment } from '../../queries/connected-deployments';
import { AddDeploymentForm } from '../private-deployments/AddDeploymentForm';
import { type DeployTarget, deployMenuEntries, type MenuPlacement, menuPlacement } from './deploy-targets';
import { useModelSubstitutions } from '../../queries/agents';
import { useBuiltInUrls } from './use-built-in-urls';

interface Props {
  agentName: string;
  anchor: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onPick: (target: DeployTarget) => void;
  onDelete: (target: DeployTarget) => void;
}

/** The bottom edge of the page's sticky header (site or app), which the menu stays below. */
function headerBottom(): number {
  return document.querySelector('.site-header, .app-header')?.getBoundingClientRect().bottom ?? 0;
}

/**
 * The deploy menu (public-site 2.11): a fixed-position panel beside the Deploy button, flipped above
 * it when there is no room below, never over the page header; closes on an outside click (the add
 * form goes with it) and Escape. Opening the add form scrolls the menu to it, so Cancel and Add show.
 */
export function DeployMenu({ agentName, anchor, onClose, onPick, onDelete }: Props) {
  const ids = useId();
  const brand = useBrand();
  const signedIn = useAuthStore(selectSignedIn);
  const urls = useBuiltInUrls();
  const { deployments: own } = usePrivateDeployments();
  const managed = useDeployments(signedIn);
  useModelSubstitutions(true);
  const add = useAddPrivateDeployment();
  const [adding, setAdding] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<MenuPlacement | undefined>(undefined);

  const entries = deployMenuEntries({
    productName: brand.name,
    brandId: brand.id,
    ...urls,
    privateDeployments: own,
    managed: managed.data ?? [],
  });

  useLayoutEffect(() => {
    const measure = () => {
      const button = anchor.current;
      const menu = panel.current;
      if (!button || !menu) return;
      setPlace(menuPlacement(button.getBoundingClientRect(), { width: window.innerWidth, height: window.innerHeight, top: headerBottom() }, menu.scrollHeight));
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [anchor, adding, entries.length]);

  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (panel.current?.contains(t) || anchor.current?.contains(t)) return;
      onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      onClose();
      anchor.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [anchor, onClose]);

  // The form is the menu's end: once the menu has its new size, scroll to it (a no-op when all fits)
  // and put the keyboard in its first field, since the button that opened it is gone.
  useEffect(() => {
    if (!adding) return;
    const frame = requestAnimationFrame(() => {
      const menu = panel.current;
      if (!menu) return;
      menu.querySelector<HTMLInputElement>('.add-deployment-form input')?.focus({ preventScroll: true });
      menu.scrollTop = menu.scrollHeight;
    });
    return () => cancelAnimationFrame(frame);
  }, [adding]);

  // The first entry takes focus so the keyboard can go straight on.
  useEffect(() => {
    panel.current?.querySelector<HTMLButtonElement>('.deploy-target')?.focus();
  }, []);

  const style = place ? { top: place.top, left: place.left, width: place.width, maxHeight: place.maxHeight } : { top: 0, left: 0, visibility: 'hidden' as const };

  return createPortal(
    <div ref={panel} className={`deploy-menu deploy-menu-${place?.side ?? 'below'}`} style={style} role="dialog" aria-labelledby={`${ids}-title`} data-testid="deploy-menu" data-side={place?.side}>
      <p className="menu-caption" id={`${ids}-title`}>
        Deploy {agentName} to
      </p>
      <ul className="stack-list deploy-targets">
        {entries.map((t) => (
          <li key={t.id} className="deploy-target-row" data-testid="deploy-target" data-target-id={t.id}>
            <button type="button" className="deploy-target" onClick={() => onPick(t)} disabled={!t.url}>
              <span className="deploy-target-name">
                <span>{t.name}</span>
                {t.isDefault && <span className="badge badge-info">Default</span>}
              </span>
              <span className="deploy-target-desc muted">{t.description}</span>
            </button>
            {t.deletable && (
              <button type="button" className="deploy-target-delete" onClick={() => onDelete(t)} aria-label={`Delete ${t.name}`} title={`Delete ${t.name}`}>
                <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                  <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
                </svg>
              </button>
            )}
          </li>
        ))}
      </ul>
      {adding ? (
        <AddDeploymentForm busy={add.isPending} onCancel={() => setAdding(false)} onSubmit={(value) => add.mutate(value, { onSuccess: () => setAdding(false) })} />
      ) : (
        <button type="button" className="deploy-add" onClick={() => setAdding(true)}>
          + Add private deployment
        </button>
      )}
    </div>,
    document.body,
  );
}
