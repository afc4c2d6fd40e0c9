import { useState } from 'react';

/**
 * What a filter bar's text boxes hold: typed freely, and each starts over from its applied value
 * when that changes (Apply, Clear, Back, a shared link). Without remounting the form, so the
 * focused control keeps the focus; a box whose applied value did not change keeps what was typed.
 */
export function useTypedValues<K extends string>(applied: Record<K, string>): [Record<K, string>, (key: K, value: string) => void] {
  const [typed, setTyped] = useState(applied);
  const [seen, setSeen] = useState(applied);
  const changed = (Object.keys(applied) as K[]).filter((k) => applied[k] !== seen[k]);
  if (changed.length > 0) {
    // React's "adjust state when a prop changes": set during render, before the children see it
    setSeen(applied);
    setTyped({ ...typed, ...Object.fromEntries(changed.map((k) => [k, applied[k]])) });
  }
  return [typed, (key, value) => setTyped((t) => ({ ...t, [key]: value }))];
}
