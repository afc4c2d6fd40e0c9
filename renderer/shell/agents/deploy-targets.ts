import type { Deployment } from '../../../shared/api/deployments';
import { deploymentUiUrl } from '../deployments/format';
import type { PrivateDeployment } from '../../queries/connected-deployments';

export type DeployTargetKind = 'cloud' | 'localhost' | 'private' | 'managed';

/** One entry of the deploy menu. */
export interface DeployTarget {
  id: string;
  name: string;
  description: string;
  /** the installation's base address; the import link is `{url}/import-agent?config=…` */
  url: string;
  kind: DeployTargetKind;
  isDefault: boolean;
  /** only the user's own private deployments can be deleted from the menu */
  deletable: boolean;
}

export interface DeployTargetsInput {
  productName: string;
  brandId: string;
  /** the official hosted platform */
  cloudUrl: string;
  localhostUrl: string;
  privateDeployments: PrivateDeployment[];
  managed: Pick<Deployment, 'id' | 'name' | 'status' | 'ipv4' | 'ui_url'>[];
}

/** The two built-in entries; on a list failure the menu shows just these (spec 8). */
export function builtInTargets(input: Pick<DeployTargetsInput, 'productName' | 'brandId' | 'cloudUrl' | 'localhostUrl'>): DeployTarget[] {
  return [
    {
      id: `${input.brandId}-cloud`,
      name: `${input.productName} Cloud`,
      description: 'The official hosted platform',
      url: input.cloudUrl,
      kind: 'cloud',
      isDefault: true,
      deletable: false,
    },
    {
      id: 'localhost',
      name: 'Localhost',
      description: 'Local Docker deployment on port 8080',
      url: input.localhostUrl,
      kind: 'localhost',
      isDefault: true,
      deletable: false,
    },
  ];
}

/** A running managed deployment's address: the one the server recorded, else one built from its ipv4. */
export function managedUrl(d: Pick<Deployment, 'ipv4' | 'ui_url'>): string | undefined {
  if (!d.ipv4) return undefined;
  return deploymentUiUrl(d) ?? `http://${d.ipv4}`;
}

/**
 * Public-site 2.11 and 5: the built-ins, then the user's private deployments (entries named like a
 * built-in are left out, so the built-ins cannot be shadowed or deleted), then the user's running
 * managed deployments that have an ipv4 (id managed-{id}, not deletable).
 */
export function deployMenuEntries(input: DeployTargetsInput): DeployTarget[] {
  const builtIns = builtInTargets(input);
  const reserved = new Set(builtIns.map((b) => b.name.trim().toLowerCase()));
  const own: DeployTarget[] = input.privateDeployments
    .filter((d) => !reserved.has(d.name.trim().toLowerCase()))
    .map((d) => ({ id: d.id, name: d.name, description: d.description, url: d.url, kind: 'private', isDefault: d.is_default, deletable: true }));
  const managed: DeployTarget[] = input.managed.flatMap((d) => {
    const url = d.status === 'running' ? managedUrl(d) : undefined;
    return url ? [{ id: `managed-${d.id}`, name: d.name, description: 'Hosted deployment', url, kind: 'managed' as const, isDefault: false, deletable: false }] : [];
  });
  return [...builtIns, ...own, ...managed];
}

/** Public-site 2.11: the menu is 320 px wide and keeps 10 px from the screen edges. */
export const menuWidth = 320;
export const screenMargin = 10;
const gap = 4;

export interface Rect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface MenuPlacement {
  /** viewport coordinates for a fixed-position menu */
  top: number;
  left: number;
  width: number;
  maxHeight: number;
  side: 'below' | 'above';
}

/**
 * Where the menu goes for a button: right-aligned with it and held inside the screen margins and
 * below the page's sticky header (`viewport.top`, its bottom edge), which it never covers; below
 * the button unless the menu does not fit there and there is more room above.
 */
export function menuPlacement(button: Rect, viewport: { width: number; height: number; top?: number }, menuHeight: number): MenuPlacement {
  const width = Math.min(menuWidth, Math.max(0, viewport.width - 2 * screenMargin));
  const left = Math.min(Math.max(button.right - width, screenMargin), viewport.width - screenMargin - width);
  const topEdge = (viewport.top ?? 0) + screenMargin;
  const belowTop = Math.max(button.bottom + gap, topEdge);
  const roomBelow = viewport.height - belowTop - screenMargin;
  const roomAbove = button.top - gap - topEdge;
  const side = menuHeight <= roomBelow || roomBelow >= roomAbove ? 'below' : 'above';
  const maxHeight = Math.max(0, side === 'below' ? roomBelow : roomAbove);
  const height = Math.min(menuHeight, maxHeight);
  const top = side === 'below' ? belowTop : button.top - gap - height;
  return { top, left: Math.max(left, screenMargin), width, maxHeight, side };
}
