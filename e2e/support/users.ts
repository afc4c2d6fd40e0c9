/** Accounts of the embedded identity provider for the end-to-end run (DEV_USERS). */
export const e2eUsers = {
  user: { email: 'user@e2e.test', password: 'user-pass-1' },
  other: { email: 'other@e2e.test', password: 'other-pass-1' },
  admin: { email: 'admin@e2e.test', password: 'admin-pass-1' },
} as const;

export const devUsersEnv = [
  `${e2eUsers.user.email}:${e2eUsers.user.password}`,
  `${e2eUsers.other.email}:${e2eUsers.other.password}`,
  `${e2eUsers.admin.email}:${e2eUsers.admin.password}:admin`,
].join(',');
