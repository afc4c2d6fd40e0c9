import { z } from 'zod';
import { assignableRoles, teamRoles } from '../teams/roles';
import { json, jsonBody, noContent, routesOf } from './route';
import { safeText } from './text';

/** Issue 34: teams, their members and invitations. Which account a request acts in is the `X-Account` header (accountHeader). */

/** The request header naming the account a request acts in (a team's id); absent: the caller's personal account. */
export const accountHeader = 'X-Account';
/** Every answer to a request made in a team names the caller's current role there, so an open tab sees a role change without reload. */
export const accountRoleHeader = 'X-Account-Role';
/** The same for a WebSocket (a browser cannot set its headers): the `account` query parameter. */
export const accountQueryParam = 'account';

export const teamNameMax = 80;
/** A team's name: shown wherever an organisation is, never an e-mail address (the account row keeps it where a person's keeps the e-mail). */
export const teamName = safeText({ required: 'Team name is required', max: teamNameMax, label: 'Team name' }).refine((v) => !v.includes('@'), 'A team name cannot contain "@"');

/** How long an invitation link stays valid. */
export const invitationDays = 7;

export const teamSummary = z.object({
  id: z.string(),
  name: z.string(),
  /** the caller's role */
  role: z.enum(teamRoles),
  members: z.number(),
  created_at: z.string(),
});
export type TeamSummary = z.infer<typeof teamSummary>;

export const teamMember = z.object({
  user_id: z.string(),
  email: z.string(),
  role: z.enum(teamRoles),
  /** `idp`: kept in step with the external issuer's groups at each sign-in */
  source: z.enum(['creator', 'invitation', 'idp']),
  joined_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const invitationStatuses = ['pending', 'accepted', 'expired', 'revoked', 'declined'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

export const teamInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(teamRoles),
  status: z.enum(invitationStatuses),
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitation>;

export const teamDetail = teamSummary.extend({
  member_list: z.array(teamMember),
  /** pending and recent invitations (owners and admins only; empty for other roles) */
  invitations: z.array(teamInvitation),
  balance_cents: z.number(),
  /** deployments not yet ended: the team cannot be deleted while any is */
  running_deployments: z.number(),
  /** licences not revoked nor ended: they move with the credit to another account when the team is deleted */
  live_licences: z.number(),
});
export type TeamDetail = z.infer<typeof teamDetail>;

export const teamList = z.object({ teams: z.array(teamSummary) });

export const createTeamBody = z.object({ name: teamName });
export const renameTeamBody = z.object({ name: teamName });
export const inviteBody = z.object({
  email: z.email('A valid email is required').max(320),
  role: z.enum(assignableRoles, 'Role must be admin, member or billing'),
});
export type InviteBody = z.infer<typeof inviteBody>;
export const changeRoleBody = z.object({ role: z.enum(assignableRoles, 'Role must be admin, member or billing') });
export const transferBody = z.object({ user_id: z.uuid('Choose a member of the team') });

/** Deleting a team that holds credit or live licences names where they go: the person's own account or another team they can bill in (issue 43). */
export const deleteTeamQuery = z
  .object({ move_to: z.uuid('move_to must be an account id: your own, or a team where you are owner, admin or billing').optional() })
  .describe("where the team's credit and licences go");

export const teamParam = z.object({ teamId: z.uuid('Unknown team') }).describe('team');
export const memberParam = z.object({ teamId: z.uuid('Unknown team'), userId: z.uuid('Unknown member') }).describe('team member');
export const invitationParam = z.object({ teamId: z.uuid('Unknown team'), invitationId: z.uuid('Unknown invitation') }).describe('invitation');
/** the secret from the invitation link */
export const invitationTokenParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This invitation link is not valid') }).describe('invitation link');

/** What the invitation link shows the person who opened it, before they accept. */
export const invitationPreview = z.object({
  team_id: z.string(),
  team_name: z.string(),
  role: z.enum(teamRoles),
  email: z.string(),
  invited_by: z.string(),
  status: z.enum(invitationStatuses),
  expires_at: z.string(),
  /** whether the signed-in caller's verified e-mail is the invited one */
  email_matches: z.boolean(),
  /** whether the caller is a member of the team now (an invitation accepted in another tab: the page offers "Open team") */
  member: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

/** A new or resent invitation, with its link: the owner can copy it when no mail server delivers it (the secret is shown this once). */
export const invitationWithLink = teamInvitation.extend({
  link: z.string(),
  /** whether a mail server sends the link (SMTP); false: it waits on the admin's Sent Mail page, so the owner passes it on */
  mailed: z.boolean(),
});
export type InvitationWithLink = z.infer<typeof invitationWithLink>;

/** An invitation waiting for the signed-in person (their verified e-mail), as their bell and /teams list it. */
export const myInvitation = z.object({
  id: z.string(),
  team_id: z.string(),
  team_name: z.string(),
  role: z.enum(teamRoles),
  invited_by: z.string(),
  expires_at: z.string(),
});
export type MyInvitation = z.infer<typeof myInvitation>;
export const myInvitationList = z.object({ invitations: z.array(myInvitation) });
export const myInvitationParam = z.object({ invitationId: z.uuid('Unknown invitation') }).describe('invitation');

const route = routesOf('teams');
const refused = { description: 'Your role in this team does not allow it' };
const missing = { description: 'No such team, or you are not a member' };

export const teamsContract = {
  list: route('user', 'teams.list', 'GET /api/teams', { summary: 'The teams you belong to, with your role', responses: { 200: json('Teams', teamList) } }),
  create: route('user', 'teams.create', 'POST /api/teams', {
    summary: 'Create a team; you are its owner',
    body: jsonBody(createTeamBody, 'team'),
    responses: { 201: json('The team', teamSummary), 400: { description: 'Invalid name' } },
  }),
  get: route('user', 'teams.get', 'GET /api/teams/{teamId}', { summary: 'A team: members, invitations, balance', params: teamParam, responses: { 200: json('The team', teamDetail), 404: missing } }),
  rename: route('user', 'teams.rename', 'PUT /api/teams/{teamId}', {
    summary: 'Rename a team (owner, admin)',
    params: teamParam,
    body: jsonBody(renameTeamBody, 'team'),
    responses: { 200: json('The team', teamSummary), 403: refused, 404: missing },
  }),
  delete: route('user', 'teams.delete', 'DELETE /api/teams/{teamId}', {
    summary: 'Delete a team (owner) once it has no deployment; its credit and licences move to `move_to` in the same transaction',
    params: teamParam,
    query: deleteTeamQuery,
    responses: {
      204: noContent,
      403: refused,
      404: missing,
      409: { description: 'A deployment is left, the balance is below zero, or credit or licences are left and no move_to names where they go' },
    },
  }),
  transfer: route('user', 'teams.transfer', 'POST /api/teams/{teamId}/transfer', {
    summary: 'Make another member the owner (owner); you become an admin',
    params: teamParam,
    body: jsonBody(transferBody, 'transfer'),
    responses: { 200: json('The team', teamDetail), 403: refused, 404: missing },
  }),
  invite: route('user', 'teams.invite', 'POST /api/teams/{teamId}/invitations', {
    summary: 'Invite someone by e-mail (owner, admin); the link lapses after 7 days',
    params: teamParam,
    body: jsonBody(inviteBody, 'invitation'),
    responses: { 201: json('The invitation, with its link', invitationWithLink), 403: refused, 404: missing, 409: { description: 'Already a member, or already invited' } },
  }),
  resendInvitation: route('user', 'teams.invitations.resend', 'POST /api/teams/{teamId}/invitations/{invitationId}/resend', {
    summary: 'A new link for a pending or expired invitation (owner, admin): mailed again and answered to copy; the earlier link stops working, the new one lasts 7 days',
    params: invitationParam,
    responses: { 200: json('The invitation, with its new link', invitationWithLink), 403: refused, 404: missing, 409: { description: 'Already accepted or revoked' } },
  }),
  revokeInvitation: route('user', 'teams.invitations.revoke', 'DELETE /api/teams/{teamId}/invitations/{invitationId}', {
    summary: 'Revoke a pending invitation (owner, admin)',
    params: invitationParam,
    responses: { 204: noContent, 403: refused, 404: missing },
  }),
  changeRole: route('user', 'teams.members.role', 'PUT /api/teams/{teamId}/members/{userId}', {
    summary: "Change a member's role (owner, admin; the owner's role changes only by a transfer)",
    params: memberParam,
    body: jsonBody(changeRoleBody, 'role'),
    responses: { 200: json('The member', teamMember), 403: refused, 404: missing },
  }),
  removeMember: route('user', 'teams.members.remove', 'DELETE /api/teams/{teamId}/members/{userId}', {
    summary: 'Remove a member (owner, admin) or leave (yourself): their team API keys are revoked and their terminals on team deployments end',
    params: memberParam,
    responses: { 204: noContent, 403: refused, 404: missing, 409: { description: 'The owner cannot leave: transfer ownership first' } },
  }),
  previewInvitation: route('user', 'invitations.get', 'GET /api/invitations/{token}', {
    summary: 'What an invitation link invites you to',
    params: invitationTokenParam,
    responses: { 200: json('The invitation', invitationPreview), 404: { description: 'No such invitation' } },
  }),
  acceptInvitation: route('user', 'invitations.accept', 'POST /api/invitations/{token}/accept', {
    summary: 'Join the team (your verified e-mail must be the invited one)',
    params: invitationTokenParam,
    responses: {
      200: json('The team', teamSummary),
      403: { description: 'Signed in with another e-mail, or the e-mail is not verified' },
      404: { description: 'No such invitation' },
      409: { description: 'Already a member' },
      410: { description: 'Expired or revoked' },
    },
  }),
  mine: route('user', 'invitations.mine', 'GET /api/me/invitations', {
    summary: 'Invitations waiting for your verified e-mail address (pending, not expired)',
    responses: { 200: json('Invitations', myInvitationList) },
  }),
  acceptMine: route('user', 'invitations.mine.accept', 'POST /api/me/invitations/{invitationId}/accept', {
    summary: 'Join the team of an invitation to your verified e-mail, without its link',
    params: myInvitationParam,
    responses: {
      200: json('The team', teamSummary),
      404: { description: 'No such invitation for you' },
      409: { description: 'Already a member' },
      410: { description: 'Expired, revoked or accepted' },
    },
  }),
  declineMine: route('user', 'invitations.mine.decline', 'POST /api/me/invitations/{invitationId}/decline', {
    summary: 'Decline an invitation to your verified e-mail: its link stops working and the team sees it revoked',
    params: myInvitationParam,
    responses: { 204: noContent, 404: { description: 'No such pending invitation for you' } },
  }),
} as const;
