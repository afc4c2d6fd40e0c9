import { useMemo } from 'react';
import { cookiePolicy } from './legal/cookie-policy';
import { LegalDocumentView } from './legal/LegalDocumentView';
import { useBrand } from '../../app/use-brand';

export default function CookiePolicyPage() {
  const brand = useBrand();
  const doc = useMemo(() => cookiePolicy(brand), [brand]);
  return <LegalDocumentView route="cookie-policy" doc={doc} />;
}
