import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** What the desktop app remembers between runs. No secrets: tokens live in the encrypted token store. */
const settingsSchema = z.object({
  serverUrl: z.string().optional(),
  /** run the embedded server (first run's "Use a local server") instead of connecting to serverUrl */
  localServer: z.boolean().default(false),
  lastSaveFolder: z.string().optional(),
  /** origins the person allowed to open local shells for good ("Always allow for this server") */
  localShellServers: z.array(z.string()).default([]),
  /** closing the window quits the app (otherwise an admin's tray keeps running) */
  quitOnClose: z.boolean().default(false),
  /** the main window's last place and size */
  windowBounds: z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int().positive(), height: z.number().int().positive() }).optional(),
  /** the embedded server's port, kept so its address (and what the renderer keeps per origin) stays the same */
  localServerPort: z.number().int().min(1024).max(65535).optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

export interface SettingsStore {
  get(): Settings;
  update(patch: Partial<Settings>): Settings;
}

/** A JSON file in userData; unreadable or invalid means "first run again", never a crash. */
export function createSettings(file: string): SettingsStore {
  let current: Settings | undefined;
  const read = (): Settings => {
    try {
      return settingsSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    } catch {
      return settingsSchema.parse({});
    }
  };
  return {
    get: () => (current ??= read()),
    update(patch) {
      current = settingsSchema.parse({ ...(current ??= read()), ...patch });
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, `${JSON.stringify(current, null, 2)}\n`);
      fs.renameSync(tmp, file);
      return current;
    },
  };
}

/** The remembered local-shell servers, read and changed through the settings file. */
export function rememberedShellServers(settings: SettingsStore) {
  return {
    list: () => settings.get().localShellServers,
    add(origin: string) {
      const current = settings.get().localShellServers;
      if (!current.includes(origin)) settings.update({ localShellServers: [...current, origin] });
    },
    /** revoked in the app menu's settings: the next shell of that server is asked again */
    revoke(origin: string) {
      settings.update({ localShellServers: settings.get().localShellServers.filter((o) => o !== origin) });
    },
  };
}
