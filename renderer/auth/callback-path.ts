/** Where the identity provider sends the browser back after sign-in (the web flow). */
export const callbackPath = '/auth/callback';
