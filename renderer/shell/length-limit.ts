/**
 * A text field's length limit, told before submit (issue 45): a counter while typing and a plain
 * message once the text is too long, never a silent cut (no maxLength: a pasted name is kept whole
 * and the message says what to shorten). Counted as the server counts: trimmed, in UTF-16 units.
 */
export interface LengthState {
  /** "12/63" */
  count: string;
  /** the plain message once over the limit ("Name can be at most 63 characters"), else undefined */
  problem: string | undefined;
}

export function lengthState(value: string, max: number, label: string): LengthState {
  const length = value.trim().length;
  return { count: `${length}/${max}`, problem: length > max ? `${label} can be at most ${max} characters` : undefined };
}
