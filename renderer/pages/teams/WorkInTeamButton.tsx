import { switchAccount, useAccountStore } from '../../auth/account-store';
import { toast } from '../../shell/toast-store';

/** Makes this tab act in the team (the header's switcher does the same); shows when it already does. */
export function WorkInTeamButton({ team }: { team: { id: string; name: string } }) {
  const current = useAccountStore((s) => s.teamId) === team.id;
  if (current) return <span className="badge badge-success">Working in it</span>;
  const click = () => {
    switchAccount(team.id);
    toast({ kind: 'info', title: `Working in ${team.name}`, message: 'Lists, deployments, payments and exports now use this account.' });
  };
  return (
    <button type="button" className="btn btn-small" onClick={click}>
      Work in this team<span className="visually-hidden">: {team.name}</span>
    </button>
  );
}
