import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Provider } from 'oidc-provider';
import { loginForm } from '../../../shared/api/auth';
import type { RateLimits } from '../../http/rate-limit';
import type { AppState } from '../../http/types';
import { checkPassword, type DevAccount } from './dev-users';
import { loginPage, logoutScript } from './pages';

/** Sign-in form posts allowed per address per minute (RATE_LIMIT_SIGNIN_PER_MINUTE); unset in unit tests = no limit. */
export interface SignInLimit {
  limits: RateLimits;
  perMinute: number;
}

/** The sign-in page of the embedded provider, answering its login prompts. */
export function interactionRoutes(provider: Provider, accounts: DevAccount[], signInLimit?: SignInLimit): Router<AppState> {
  const router = new Router<AppState>();
  const noStore = (ctx: { set(k: string, v: string): void }) => ctx.set('Cache-Control', 'no-store');

  router.get('idp.logout-script', '/idp/logout.js', (ctx) => {
    ctx.type = 'application/javascript';
    ctx.body = logoutScript;
  });

  router.get('idp.interaction', '/oidc/interaction/:uid', async (ctx) => {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    noStore(ctx);
    if (details.prompt.name === 'login') {
      ctx.type = 'html';
      ctx.body = loginPage({ action: `/oidc/interaction/${details.uid}/login` });
      return;
    }
    // Consent is granted automatically for the first-party client (see loadExistingGrant).
    await provider.interactionFinished(ctx.req, ctx.res, { consent: {} }, { mergeWithLastSubmission: true });
    ctx.respond = false;
  });

  router.post('idp.login', '/oidc/interaction/:uid/login', bodyParser({ enableTypes: ['form'], formLimit: '16kb' }), async (ctx) => {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    noStore(ctx);
    // Every attempt counts, so guessing passwords from one address is slowed whatever the outcome;
    // the answer is the sign-in page again (a browser posted a form), with 429 and Retry-After.
    const wait = signInLimit ? await signInLimit.limits.hit({ bucket: 'signin', limit: signInLimit.perMinute, windowMs: 60_000 }, ctx.ip) : undefined;
    if (wait !== undefined) {
      ctx.status = 429;
      ctx.set('Retry-After', String(wait));
      ctx.type = 'html';
      ctx.body = loginPage({ action: `/oidc/interaction/${details.uid}/login`, error: `Too many sign-in attempts from your address. Try again in ${wait} seconds.` });
      return;
    }
    const form = loginForm.safeParse(ctx.request.body ?? {});
    const email = form.success ? form.data.email : '';
    const account = form.success ? checkPassword(accounts, email, form.data.password) : undefined;
    if (!account) {
      ctx.status = 401;
      ctx.type = 'html';
      ctx.body = loginPage({ action: `/oidc/interaction/${details.uid}/login`, email, error: 'Invalid email or password' });
      return;
    }
    await provider.interactionFinished(ctx.req, ctx.res, { login: { accountId: account.id } }, { mergeWithLastSubmission: false });
    ctx.respond = false;
  });

  return router;
}
