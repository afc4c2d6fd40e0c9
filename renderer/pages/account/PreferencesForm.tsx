import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import './notification-preferences.css';

/** The body to save, or what is wrong with the form. */
export type Checked<Body> = { body: Body } | { problem: string };

/** What a preferences form says and how its fields map to the preferences (kept at module level: the draft is refilled when it changes). */
export interface PreferencesSpec<Data, Draft, Body> {
  /** "Could not load your <what>." */
  what: string;
  /** the form's accessible name */
  label: string;
  saveLabel: string;
  /** the form's fields as the saved preferences fill them (again once a save answers) */
  draftOf(data: Data): Draft;
  check(draft: Draft): Checked<Body>;
}

interface Props<Data, Draft, Body> {
  spec: PreferencesSpec<Data, Draft, Body>;
  query: { data: Data | undefined; isError: boolean };
  save: Pick<UseMutationResult<unknown, Error, Body>, 'mutate' | 'isPending' | 'isSuccess' | 'isError' | 'error'>;
  children(draft: Draft, setDraft: (draft: Draft) => void, problem: string | undefined): ReactNode;
}

/** A preferences form: loaded, edited as a draft, checked, saved, with what went wrong and "Saved." */
export function PreferencesForm<Data, Draft, Body>({ spec, query, save, children }: Props<Data, Draft, Body>) {
  const { what, label, saveLabel, draftOf, check } = spec;
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const { data } = query;

  useEffect(() => {
    if (data) setDraft(draftOf(data));
  }, [data, draftOf]);

  if (query.isError) return <p className="error-text">Could not load your {what}.</p>;
  if (draft === undefined) return <p className="muted">Loading…</p>;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = check(draft);
    if ('problem' in checked) return setProblem(checked.problem);
    setProblem(undefined);
    save.mutate(checked.body);
  };

  return (
    <form className="notification-preferences" onSubmit={submit} aria-label={label}>
      {children(draft, setDraft, problem)}
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {saveLabel}
      </button>
      {save.isSuccess && !save.isPending && <span className="muted"> Saved.</span>}
      {save.isError && (
        <p className="error-text" role="alert">
          Could not save: {save.error?.message}
        </p>
      )}
    </form>
  );
}
