import { selectSignedIn, useAuthStore } from '../../auth/store';
import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';
import { SignInPrompt } from '../../shell/SignInPrompt';

/** Command Center (public-site 2.13): shown for /home, /admin, unknown app paths, and /dashboard to non-admins. */
export default function CommandCenterPage({ route }: PageProps) {
  const signedIn = useAuthStore(selectSignedIn);
  return (
    <PlaceholderPage
      name="home"
      route={route}
      description="Featured agents, your hosted and private deployments, and your licenses and billing, in one place."
    >
      {!signedIn && <SignInPrompt action="manage your deployments" />}
    </PlaceholderPage>
  );
}
