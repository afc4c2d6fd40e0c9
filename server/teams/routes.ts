import Router from '@koa/router';
import { teamsContract as c } from '../../shared/api/teams';
import { auditWho } from '../http/audit-who';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import { changeRole, createTeam, deleteTeam, invite, listTeams, removeMember, renameTeamAs, revokeInvitation, teamDetail, transferOwnership, type TeamDeps } from './service';
import { acceptInvitation, acceptMine, declineMine, myInvitations, previewInvitation, resendInvitation } from './joining';

/** Teams, their members and invitations (issue 34). Each acts as the person (`user.id`), whatever account the request names. */
export function teamRoutes(deps: TeamDeps): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);

  register(c.list, async ({ user }) => ({ teams: await listTeams(deps, user.id) }));
  register(c.create, ({ body, user }, ctx) => createTeam(deps, user, body.name, auditWho(ctx)));
  register(c.get, ({ params, user }) => teamDetail(deps, user.id, params.teamId));
  register(c.rename, ({ params, body, user }, ctx) => renameTeamAs(deps, user.id, params.teamId, body.name, auditWho(ctx)));
  register(c.delete, ({ params, query, user }, ctx) => deleteTeam(deps, user, params.teamId, auditWho(ctx), query.move_to));
  register(c.transfer, ({ params, body, user }, ctx) => transferOwnership(deps, user.id, params.teamId, body.user_id, auditWho(ctx)));
  register(c.invite, ({ params, body, user }, ctx) => invite(deps, user, params.teamId, body, auditWho(ctx)));
  register(c.revokeInvitation, ({ params, user }, ctx) => revokeInvitation(deps, user, params.teamId, params.invitationId, auditWho(ctx)));
  register(c.changeRole, ({ params, body, user }, ctx) => changeRole(deps, user.id, params.teamId, params.userId, body.role, auditWho(ctx)));
  register(c.removeMember, ({ params, user }, ctx) => removeMember(deps, user, params.teamId, params.userId, auditWho(ctx)));
  register(c.previewInvitation, ({ params, user }) => previewInvitation(deps, user, params.token));
  register(c.acceptInvitation, ({ params, user }, ctx) => acceptInvitation(deps, user, params.token, auditWho(ctx)));
  register(c.resendInvitation, ({ params, user }, ctx) => resendInvitation(deps, user, params.teamId, params.invitationId, auditWho(ctx)));
  register(c.mine, async ({ user }) => ({ invitations: await myInvitations(deps, user) }));
  register(c.acceptMine, ({ params, user }, ctx) => acceptMine(deps, user, params.invitationId, auditWho(ctx)));
  register(c.declineMine, ({ params, user }, ctx) => declineMine(deps, user, params.invitationId, auditWho(ctx)));

  return router;
}
