import type { PageProps } from '../../routes/pages';
import { PlaceholderPage } from '../../shell/Page';
import { TeamList } from './TeamList';
import { TeamView } from './TeamView';
import './teams.css';

/** Teams (issue 34): the teams you belong to and a new one at /teams, one team's page at /teams/id/<team id>. */
export default function TeamsPage({ route }: PageProps) {
  if (route.view === 'public') {
    return (
      <PlaceholderPage
        name="teams"
        route={route}
        description="Work together in a team account: one balance, shared deployments and licenses, roles for every member."
        signInAction="create or join a team"
      />
    );
  }
  const id = route.params.id ?? '';
  return id ? <TeamView teamId={id} /> : <TeamList />;
}
