import type { ReactNode } from 'react';

/** A page section named by its h2 (the section is aria-labelledby the heading). */
export function TitledSection({ titleId, title, className, titleClassName, children }: { titleId: string; title: ReactNode; className: string; titleClassName: string; children: ReactNode }) {
  return (
    <section className={className} aria-labelledby={titleId}>
      <h2 id={titleId} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
