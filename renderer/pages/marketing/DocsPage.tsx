import { useEffect, useState } from 'react';
import type { PageProps } from '../../routes/pages';
import { headingOf } from '../../routes/table';
import { PageTitle } from '../../shell/Page';
import { type GuideSelection, SetupGuide } from '../../setup-guide/SetupGuide';
import { DocsTabs } from './docs/DocsTabs';

/**
 * /docs (public-site 2.10): the documentation variant of the setup guide. The category comes
 * from the hash (#cloud-providers …) and then follows clicks without touching the address,
 * since these tabs only switch the content shown (spec 4).
 */
export default function DocsPage({ route }: PageProps) {
  const [selection, setSelection] = useState<GuideSelection>(() => ({ category: route.selection.category }));
  const fromHash = route.selection.category;
  useEffect(() => {
    if (fromHash) setSelection({ category: fromHash });
  }, [fromHash, route.hash]);

  return (
    <section className="page docs-page">
      <PageTitle>{headingOf('docs')}</PageTitle>
      <p className="page-lead">Install the platform where your data lives: pick a setup, fill in a few details, and copy the generated configuration.</p>
      <DocsTabs />
      <SetupGuide variant="docs" selection={selection} onSelect={(next) => setSelection((s) => ({ ...s, ...next }))} />
    </section>
  );
}
