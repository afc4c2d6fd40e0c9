/** Anchor targets the public-site pages link to; the public-site issue fills them with content. */
export function AnchorSections({ sections }: { sections: [id: string, title: string][] }) {
  return (
    <>
      {sections.map(([id, title]) => (
        <section key={id} id={id} className="anchor-section">
          <h2>{title}</h2>
        </section>
      ))}
    </>
  );
}
