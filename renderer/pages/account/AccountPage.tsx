import { useState } from 'react';
import type { CreatedApiKey } from '../../../shared/api/auth';
import { selectAccountUrl, useConfigStore } from '../../app/config-store';
import { selectEmail, selectIsAdmin, useAuthStore } from '../../auth/store';
import type { PageProps } from '../../routes/pages';
import { PageTitle, PlaceholderPage } from '../../shell/Page';
import { AccountEvents } from './AccountEvents';
import { ApiKeyTable } from './ApiKeyTable';
import { LinkedApiKey } from './LinkedApiKey';
import { CreateApiKeyForm } from './CreateApiKeyForm';
import { NewKeyNotice } from './NewKeyNotice';
import { NotificationPreferences } from './NotificationPreferences';
import { AdminAlertPreferences } from './AdminAlertPreferences';
import { signInSettingsUrl } from './sign-in-settings';

/** Account settings: personal API keys for scripts and CI (sign-in settings live at the identity provider). */
export default function AccountPage({ route }: PageProps) {
  const email = useAuthStore(selectEmail);
  const isAdmin = useAuthStore(selectIsAdmin);
  const settingsUrl = signInSettingsUrl(useConfigStore(selectAccountUrl), window.location);
  const [created, setCreated] = useState<CreatedApiKey | undefined>(undefined);
  // a notice's link names one key (/account/api-key/<id>)
  const linkedKey = route.params['api-key'];

  if (route.view === 'public') {
    return <PlaceholderPage name="account" route={route} description="Your personal API keys." signInAction="manage your API keys" />;
  }

  return (
    <section className="page">
      <PageTitle>Account</PageTitle>
      <p className="page-lead">
        Signed in as <strong>{email}</strong>.{' '}
        {settingsUrl && (
          <a href={settingsUrl} target="_blank" rel="noopener noreferrer">
            Manage password and sign-in settings
          </a>
        )}
      </p>

      <div className="card">
        <h2>API keys</h2>
        <p className="muted">Personal keys let scripts call the Launchpad API as you. Treat them like passwords.</p>
        {linkedKey && <LinkedApiKey key={linkedKey} id={linkedKey} />}
        <CreateApiKeyForm onCreated={setCreated} />
        {created && <NewKeyNotice apiKey={created} onDone={() => setCreated(undefined)} />}
        <ApiKeyTable />
      </div>

      <div className="card">
        <h2>Account activity</h2>
        <p className="muted">Security events and administrator actions on your account, from the audit log.</p>
        <AccountEvents />
      </div>

      <div className="card">
        <h2>Notifications</h2>
        <p className="muted">Every notification appears under the bell at the top of the page; choose which also arrive by e-mail.</p>
        <NotificationPreferences />
      </div>

      {isAdmin && (
        <div className="card" id="admin-alerts">
          <h2>Administrator alerts</h2>
          <p className="muted">
            Alerts about every customer, under the bell, in the desktop app's tray window and by e-mail. Each is raised once while its condition lasts, and again if it clears and comes back.
          </p>
          <AdminAlertPreferences />
        </div>
      )}
    </section>
  );
}
