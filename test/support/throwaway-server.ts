/** Where a throwaway server runs: any free port on loopback, links relative to the address it is reached at, its own data folder. */
export const throwawayServerEnv = (dataDir: string) => ({ PORT: '0', HOST: '127.0.0.1', PUBLIC_URL: '', DATA_DIR: dataDir });

/** DEV_USERS for accounts of the embedded identity provider: `email:password[:admin]`, comma-separated. */
export const devUsersEnvOf = (accounts: readonly { email: string; password: string; admin?: boolean }[]): string => accounts.map((a) => `${a.email}:${a.password}${a.admin ? ':admin' : ''}`).join(',');
