import { desktopPlatform, desktopBridge } from './desktop/index';
import type { Platform } from './types';
import { webPlatform } from './web/index';

/** Host detection happens once, here: the desktop preload exposes its bridge before the renderer loads. */
export const platform: Platform = desktopBridge() ? desktopPlatform : webPlatform;
export type { Platform } from './types';
