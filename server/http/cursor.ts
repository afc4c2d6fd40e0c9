import { z } from 'zod';

/** `at|id` of the last row of a page, as `cursorOf` wrote it: a real instant and a real uuid. */
export const cursorSchema = z.string().transform((v, ctx) => {
  const [at = '', id = '', ...rest] = v.split('|');
  const date = new Date(at);
  const uuid = z.uuid().safeParse(id);
  // Only what toISOString() writes: an impossible date (month 13, 25:00) does not survive the round trip.
  if (rest.length || Number.isNaN(date.getTime()) || date.toISOString() !== at || !uuid.success) {
    ctx.addIssue({ code: 'custom', message: 'Invalid cursor: use next_cursor from the previous page' });
    return z.NEVER;
  }
  return { at: date, id: uuid.data };
});

export const cursorOf = (at: Date, id: string) => `${at.toISOString()}|${id}`;
