/**
 * A search typed in an admin list, as an `ilike` pattern that finds it anywhere: `%`, `_` and `\`
 * typed by the admin match themselves (PostgreSQL's default LIKE escape is the backslash), so a
 * search for `100%` does not match everything. The value is always a bound parameter.
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
