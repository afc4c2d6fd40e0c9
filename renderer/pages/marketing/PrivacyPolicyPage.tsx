import { useMemo } from 'react';
import { privacyPolicy } from './legal/privacy-policy';
import { LegalDocumentView } from './legal/LegalDocumentView';
import { useBrand } from '../../app/use-brand';

export default function PrivacyPolicyPage() {
  const brand = useBrand();
  const doc = useMemo(() => privacyPolicy(brand), [brand]);
  return <LegalDocumentView route="privacy-policy" doc={doc} />;
}
