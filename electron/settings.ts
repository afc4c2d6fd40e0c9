import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** What the desktop app remembers between runs. No secrets: tokens live in the encrypted token store. */
const settingsSchema = z.object({
  serverUrl: z.string().optional(),
  /** run the embedded server (first run's "Use a local server") instead of connecting to serverUrl */
  localServer: z.boolean().default(false),
  lastSaveFolder: z.string().optional(),
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
