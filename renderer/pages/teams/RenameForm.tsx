import { type FormEvent, useState } from 'react';
import { type TeamDetail, teamName, teamNameMax } from '../../../shared/api/teams';
import { useRenameTeam } from '../../queries/teams';
import { toast } from '../../shell/toast-store';

/** Renames the team (owner, admin). */
export function RenameForm({ team }: { team: Pick<TeamDetail, 'id' | 'name'> }) {
  const [name, setName] = useState(team.name);
  const [invalid, setInvalid] = useState<string | undefined>(undefined);
  const rename = useRenameTeam(team.id);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = teamName.safeParse(name);
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Invalid team name');
    setInvalid(undefined);
    rename.mutate(parsed.data, { onSuccess: (t) => toast({ kind: 'success', title: 'Team renamed', message: t.name }) });
  };

  const error = invalid ?? (rename.isError ? rename.error.message : undefined);
  return (
    <form className="inline-form team-rename" onSubmit={submit}>
      <label className="field">
        <span>Team name</span>
        <input type="text" name="team-name" value={name} maxLength={teamNameMax} onChange={(e) => setName(e.target.value)} required />
      </label>
      <button type="submit" className="btn" disabled={rename.isPending || name.trim() === '' || name === team.name}>
        {rename.isPending ? 'Saving…' : 'Rename'}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
