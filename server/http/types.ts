import type { Logger } from 'pino';

export interface AuthUser {
  id: string;
  email: string;
  isAdmin: boolean;
  /** how the caller proved who they are */
  via: 'token' | 'api-key';
}

export interface AppState {
  requestId: string;
  log: Logger;
  user?: AuthUser;
}
