import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { teamName, teamNameMax } from '../../../shared/api/teams';
import { useCreateTeam } from '../../queries/teams';
import { linkTo } from '../../routes/links';
import { toast } from '../../shell/toast-store';

/** Names a new team; the creator is its owner and lands on its page. */
export function CreateTeamForm() {
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>(undefined);
  const create = useCreateTeam();
  const navigate = useNavigate();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = teamName.safeParse(name);
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Invalid team name');
    setInvalid(undefined);
    create.mutate(parsed.data, {
      onSuccess: (team) => {
        setName('');
        toast({ kind: 'success', title: 'Team created', message: `${team.name}: invite your colleagues and top up its balance.` });
        void navigate(linkTo('teams', { id: team.id }));
      },
    });
  };

  const error = invalid ?? (create.isError ? create.error.message : undefined);
  return (
    <form className="inline-form" onSubmit={submit} data-testid="create-team-form">
      <label className="field">
        <span>Team name</span>
        <input type="text" name="team-name" value={name} maxLength={teamNameMax} placeholder="e.g. Research" onChange={(e) => setName(e.target.value)} required />
      </label>
      <button type="submit" className="btn btn-primary" disabled={create.isPending || name.trim() === ''}>
        {create.isPending ? 'Creating…' : 'Create team'}
      </button>
      {error && (
        <p className="form-error" role="alert">
          Could not create the team: {error}
        </p>
      )}
    </form>
  );
}
