import { useEffect, useState } from 'react';
import type { PageProps } from '../../routes/pages';
import { headingOf } from '../../routes/table';
import { PageTitle } from '../../shell/Page';
import { type GuideSelection, SetupGuide } from '../../setup-guide/SetupGuide';
import { DocsTabs } from './docs/DocsTabs';
import { docsPath } from '../../routes/docs-addresses';

/**
 * /docs (public-site 2.10): the documentation variant of the setup guide. The guide comes from
 * its own address (/docs/cloud/gcp, issue 44: rendered on the server, so whole without scripts),
 * or the hash (#cloud-providers …), else Local; then it follows clicks without touching the
 * address, since these tabs only switch the content shown (spec 4). Categories and tabs are links
 * to each guide's address, which a reader without scripts follows.
 */
export default function DocsPage({ route }: PageProps) {
  const { category, provider, platform } = route.selection;
  const [selection, setSelection] = useState<GuideSelection>(() => ({ category, provider, platform }));
  useEffect(() => {
    if (category) setSelection({ category, provider, platform });
  }, [category, provider, platform, route.hash]);

  return (
    <section className="page docs-page">
      <PageTitle>{headingOf('docs')}</PageTitle>
      <p className="page-lead">Install the platform where your data lives: pick a setup, fill in a few details, and copy the generated configuration.</p>
      <DocsTabs />
      <SetupGuide
        variant="docs"
        selection={selection}
        onSelect={(next) => setSelection((s) => ({ ...s, ...next }))}
        hrefOf={(s) => docsPath({ category: s.category ?? 'local', provider: s.provider, platform: s.platform })}
      />
    </section>
  );
}
