import { platform } from '../../platform/index';

/** The web leaves for the payment page and comes back; the desktop app opens it in the browser. */
export function goToCheckout(url: string): void {
  if (platform.kind === 'desktop') platform.openExternal(url);
  else window.location.assign(url);
}
