import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Provider } from 'oidc-provider';
import { z } from 'zod';
import type { AppState } from '../../http/types';
import { checkPassword, type DevAccount } from './dev-users';
import { loginPage, logoutScript } from './pages';

const loginForm = z.object({ email: z.string().max(320).default(''), password: z.string().max(1024).default('') });

/** The sign-in page of the embedded provider, answering its login prompts. */
export function interactionRoutes(provider: Provider, accounts: DevAccount[]): Router<AppState> {
  const router = new Router<AppState>();
  const noStore = (ctx: { set(k: string, v: string): void }) => ctx.set('Cache-Control', 'no-store');

  router.get('/idp/logout.js', (ctx) => {
    ctx.type = 'application/javascript';
    ctx.body = logoutScript;
  });

  router.get('/oidc/interaction/:uid', async (ctx) => {
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

  router.post('/oidc/interaction/:uid/login', bodyParser({ enableTypes: ['form'], formLimit: '16kb' }), async (ctx) => {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    noStore(ctx);
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
