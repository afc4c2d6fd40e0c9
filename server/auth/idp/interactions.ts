import { createHash, randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Provider } from 'oidc-provider';
import { authContract as c, loginForm } from '../../../shared/api/auth';
import type { RateLimits } from '../../http/rate-limit';
import { fillPath } from '../../../shared/api/route';
import { registrar, type RouteContext, type RouteRequest } from '../../http/register';
import type { AppState } from '../../http/types';
import { checkPassword, type DevAccount } from './dev-users';
import { loginPage, logoutScript } from './pages';
import { textProblem } from '../../../shared/api/text';

/** A form with control characters, lone surrogates or bidi overrides matches no account. */
const checkText = (form: { email: string; password: string }) => !textProblem(form.email) && !textProblem(form.password, { multiline: true });

/** Failed sign-ins allowed per address and account, and per account (RATE_LIMIT_SIGNIN_PER_*); unset in unit tests = no limit. */
export interface SignInLimit {
  limits: RateLimits;
  /** failed sign-ins per address and account per minute */
  perMinute: number;
  /** failed sign-ins per account per 15 minutes, from any address */
  perAccount: number;
  /** hears of each attempt refused by a limit (the audit log) */
  onRefused?(event: { email: string; ip: string; requestId?: string; reason: string; retryAfterSeconds: number }): Promise<void>;
}

const accountWindowMs = 15 * 60_000;
/** Counters are kept by a hash of the email: no address book in the rate-limit table. */
const accountKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

/**
 * OWASP device cookies: a browser that signed in to an account before carries a cookie naming that
 * account (by hash) with a random id, signed with the app's cookie keys (Koa signs name and value,
 * so it cannot be moved to another account or forged). Its attempts are counted per device cookie
 * instead of per account, so guesses from anywhere else cannot lock the owner out of a browser they
 * used before; unknown devices keep the per-account limit.
 */
const deviceCookie = (accountId: string) => `lp_device_${accountId.slice(0, 16)}`;
const deviceCookieMs = 180 * 86_400_000;
/** Where the sign-in form posts, and the folder its device cookie is sent to. */
const loginAction = (uid: string) => fillPath(c.idpLogin.path, { uid });
const interactionFolder = c.idpInteraction.path.slice(0, c.idpInteraction.path.lastIndexOf('/'));

/** The sign-in page of the embedded provider, answering its login prompts. */
export function interactionRoutes(provider: Provider, accounts: DevAccount[], signInLimit?: SignInLimit): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router, '');
  const noStore = (ctx: { set(k: string, v: string): void }) => ctx.set('Cache-Control', 'no-store');

  register(c.idpLogoutScript, (_, ctx) => {
    ctx.type = 'application/javascript';
    return logoutScript;
  });

  register(c.idpInteraction, async (_, ctx) => {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    noStore(ctx);
    if (details.prompt.name === 'login') {
      ctx.type = 'html';
      ctx.body = loginPage({ action: loginAction(details.uid) });
      return;
    }
    // Consent is granted automatically for the first-party client (see loadExistingGrant).
    await provider.interactionFinished(ctx.req, ctx.res, { consent: {} }, { mergeWithLastSubmission: true });
    ctx.respond = false;
  });

  // The form is read here, not by the entry's schema: a bad form is the sign-in page again (401), not a JSON 400.
  const loginBody = bodyParser({ enableTypes: ['form'], formLimit: '16kb' });
  const readForm = (ctx: RouteContext) => loginForm.safeParse(ctx.request.body ?? {});
  const signIn = async ({ body: form }: RouteRequest<typeof c.idpLogin, ReturnType<typeof readForm>>, ctx: RouteContext) => {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    noStore(ctx);
    const email = form.success ? form.data.email : '';
    // Failures count twice: per account from any address (a distributed guess of one password is
    // stopped) and per address and account (a noisy address behind which others sign in does not
    // lock them out). Whether the account exists makes no difference to either. The answer is the
    // sign-in page again (a browser posted a form), with 429 and Retry-After.
    // Each attempt is counted before its password is checked (one atomic upsert per counter), so
    // parallel guesses cannot all slip under the limit together; a sign-in that succeeds takes its
    // own attempt back, and so does a counter whose attempt another counter refused. A browser with
    // the account's device cookie is counted on its own instead (see deviceCookie).
    const accountId = accountKey(email);
    const device = ctx.cookies.get(deviceCookie(accountId), { signed: true });
    const rules = !signInLimit
      ? []
      : device
        ? [{ rule: { bucket: 'signin-device', limit: signInLimit.perAccount, windowMs: accountWindowMs }, key: device, text: 'Too many failed sign-ins from this browser.' }]
        : [
            { rule: { bucket: 'signin-account', limit: signInLimit.perAccount, windowMs: accountWindowMs }, key: accountId, text: 'Too many failed sign-ins for this account.' },
            { rule: { bucket: 'signin', limit: signInLimit.perMinute, windowMs: 60_000 }, key: `${ctx.ip}|${accountId}`, text: 'Too many failed sign-ins from your address.' },
          ];
    const taken: { text: string; wait: number | undefined; release(): Promise<void> }[] = [];
    if (signInLimit) for (const r of rules) taken.push({ text: r.text, ...(await signInLimit.limits.take(r.rule, r.key)) });
    const refused = taken.find((t) => t.wait !== undefined);
    if (refused?.wait !== undefined) {
      await Promise.all(taken.filter((t) => t.wait === undefined).map((t) => t.release()));
      await signInLimit?.onRefused?.({ email, ip: ctx.ip, requestId: ctx.state.requestId, reason: refused.text, retryAfterSeconds: refused.wait });
      ctx.status = 429;
      ctx.set('Retry-After', String(refused.wait));
      ctx.type = 'html';
      ctx.body = loginPage({ action: loginAction(details.uid), email, error: `${refused.text} Try again in ${refused.wait} seconds.` });
      return;
    }
    const account = form.success && checkText(form.data) ? checkPassword(accounts, email, form.data.password) : undefined;
    if (!account) {
      ctx.status = 401;
      ctx.type = 'html';
      ctx.body = loginPage({ action: loginAction(details.uid), email, error: 'Invalid email or password' });
      return;
    }
    await Promise.all(taken.map((t) => t.release()));
    ctx.cookies.set(deviceCookie(accountId), device ?? randomBytes(18).toString('base64url'), {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.secure,
      path: interactionFolder,
      maxAge: deviceCookieMs,
      overwrite: true,
    });
    await provider.interactionFinished(ctx.req, ctx.res, { login: { accountId: account.id } }, { mergeWithLastSubmission: false });
    ctx.respond = false;
  };
  register(c.idpLogin, signIn, { before: [loginBody], read: { body: readForm } });

  return router;
}
