import { useBrand } from '../../../app/use-brand';

interface CaseStudy {
  area: string;
  quote: (product: string) => string;
  who: string;
}

/** Three stories of public-site 2.6: financial research, healthcare handwriting, support and DevOps. */
const studies: CaseStudy[] = [
  {
    area: 'Financial research',
    quote: (p) =>
      `Our analysts used to spend the first day of every deal reading filings. Now a research agent on ${p} drafts the brief overnight, inside our own network, and the analysts start from the questions that matter.`,
    who: 'Head of Research, global investment bank',
  },
  {
    area: 'Healthcare handwriting',
    quote: (p) =>
      `Decades of handwritten clinical notes were locked away in scans. A vision agent on ${p} reads them on hardware we own, so patient records never leave the hospital and clinicians finally have the history in front of them.`,
    who: 'Chief Medical Information Officer, regional hospital group',
  },
  {
    area: 'Support and DevOps',
    quote: (p) => `Tier-one tickets and on-call triage were burning out the team. ${p} agents now gather logs, suggest the fix and open the pull request, and our engineers review instead of dig.`,
    who: 'VP Platform Engineering, B2B software company',
  },
];

export function CaseStudies() {
  const brand = useBrand();
  return (
    <section id="case-studies" className="prc-section prc-cases" aria-labelledby="prc-cases-title">
      <h2 id="prc-cases-title">What teams build with {brand.name}</h2>
      <div className="prc-case-grid">
        {studies.map((s) => (
          <figure key={s.area} className="prc-case">
            <p className="prc-plan-kicker">{s.area}</p>
            <blockquote>
              <p>{s.quote(brand.name)}</p>
            </blockquote>
            <figcaption>{s.who}</figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
