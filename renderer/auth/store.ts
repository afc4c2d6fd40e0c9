import { create } from 'zustand';
import type { SignInProblem } from './sign-in-problem';
import type { Session } from './types';

export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

export interface AuthState {
  status: AuthStatus;
  session: Session | undefined;
  isAdmin: boolean;
  /** why the last sign-in did not finish: the callback page says it and offers to try again */
  problem?: SignInProblem | undefined;
}

export const useAuthStore = create<AuthState>(() => ({ status: 'loading', session: undefined, isAdmin: false }));

export const selectSignInProblem = (s: AuthState) => s.problem;
export const selectSignedIn = (s: AuthState) => s.status === 'signed-in';
/** The session is not known yet (boot has not answered): a server-rendered page holds its signed-out parts back (`.session-pending`, styles.css). */
export const selectSessionPending = (s: AuthState) => s.status === 'loading';
export const selectEmail = (s: AuthState) => s.session?.email;
export const selectIsAdmin = (s: AuthState) => s.status === 'signed-in' && s.isAdmin;
