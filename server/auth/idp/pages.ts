/** The embedded identity provider's own small pages: sign-in, sign-out and errors. */
import { authContract } from '../../../shared/api/auth';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const layout = (title: string, body: string, script?: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#0f172a;color:#e2e8f0;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}
main{background:#1e293b;padding:2rem;border-radius:12px;width:min(360px,90vw);box-shadow:0 10px 30px #0006}
h1{font-size:1.3rem;margin:0 0 1rem}label{display:block;margin:.75rem 0 .25rem;font-size:.9rem}
input{width:100%;box-sizing:border-box;padding:.6rem;border-radius:6px;border:1px solid #475569;background:#0f172a;color:inherit}
button{margin-top:1.25rem;width:100%;padding:.7rem;border:0;border-radius:6px;background:#6366f1;color:#fff;font-weight:600;cursor:pointer}
.error{background:#7f1d1d;padding:.6rem;border-radius:6px;margin-bottom:.5rem}
</style></head><body><main>${body}</main>${script ? `<script src="${script}"></script>` : ''}</body></html>`;

export function loginPage(opts: { action: string; email?: string; error?: string }): string {
  return layout(
    'Sign in to Launchpad',
    `<h1>Sign in to Launchpad</h1>
${opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : ''}
<form method="post" action="${escapeHtml(opts.action)}" autocomplete="on">
<label for="email">Email</label><input id="email" name="email" type="email" required autofocus value="${escapeHtml(opts.email ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

/**
 * oidc-provider hands us its logout form (it carries the provider's xsrf token). When the app asked
 * with the signed-in user's ID token, a same-origin script submits it, so Sign Out needs no second
 * click; a request without one (a link on another site) only shows the question.
 */
export function logoutPage(form: string, o: { confirmed: boolean }): string {
  if (o.confirmed)
    return layout('Signing out', `<h1>Signing out…</h1>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`, authContract.idpLogoutScript.path);
  return layout(
    'Sign out?',
    `<h1>Sign out of Launchpad?</h1>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button><p><a href="/" style="color:#a5b4fc">Stay signed in</a></p>`,
  );
}

export const logoutScript = `(function(){var f=document.getElementById('op.logoutForm');if(!f)return;var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();})();`;

export function errorPage(out: { error?: string; error_description?: string }): string {
  return layout(
    'Sign-in error',
    `<h1>Sign-in error</h1><p>${escapeHtml(out.error_description ?? out.error ?? 'Something went wrong')}</p><p><a href="/" style="color:#a5b4fc">Back to Launchpad</a></p>`,
  );
}
