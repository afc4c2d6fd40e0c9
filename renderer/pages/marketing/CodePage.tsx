import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';

export default function CodePage({ route }: PageProps) {
  return (
    <PlaceholderPage name="code" route={route} description="Coding agents with their own GPU-accelerated desktops, spec-first and tracked on a kanban board." />
  );
}
