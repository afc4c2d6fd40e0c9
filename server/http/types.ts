import type { Logger } from 'pino';

export interface AuthUser {
  id: string;
  email: string;
  isAdmin: boolean;
  /** how the caller proved who they are */
  via: 'token' | 'api-key';
  /** an API key's scopes; null or absent: all the user may */
  scopes?: readonly string[] | null;
}

export interface AppState {
  requestId: string;
  log: Logger;
  user?: AuthUser;
}
