import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';

export default function AgentsGalleryPage({ route }: PageProps) {
  return (
    <PlaceholderPage name="agents-gallery" route={route} description="Browse pre-configured industry agents and deploy them." />
  );
}
