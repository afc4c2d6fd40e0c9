import { useMemo } from 'react';
import { termsOfService } from './legal/terms-of-service';
import { LegalDocumentView } from './legal/LegalDocumentView';
import { useBrand } from '../../app/use-brand';

export default function TermsOfServicePage() {
  const brand = useBrand();
  const doc = useMemo(() => termsOfService(brand.name), [brand]);
  return <LegalDocumentView route="terms-of-service" doc={doc} />;
}
