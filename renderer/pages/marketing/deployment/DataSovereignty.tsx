import { PairList } from '../../../shell/PairList';

const cards: [title: string, text: string][] = [
  ['Data stays in your network', 'Prompts, documents, embeddings and conversation history are stored in databases you run. Nothing is sent to us.'],
  ['Models on your hardware', 'Open-weight language, vision and embedding models run on your own GPUs. External model providers are used only if you switch them on.'],
  ['Your identity provider', 'Users sign in through your own Active Directory, Okta or OIDC provider, and you decide who administers the platform.'],
  ['Where regulation requires', 'Choose the country, cloud region or data centre. Private networks without inbound access from outside are supported.'],
];

/** The data-sovereignty block (#data-sovereignty) of public-site 2.7. */
export function DataSovereignty() {
  return (
    <section id="data-sovereignty" className="dep-group" aria-labelledby="dep-sovereignty-title">
      <h2 id="dep-sovereignty-title">Data sovereignty</h2>
      <p className="dep-group-lead">With a private deployment you keep control of where data lives, which models see it and who can reach it.</p>
      <PairList kind="headings" className="dep-cards dep-cards-four" item="article" itemClassName="dep-card dep-card-plain" items={cards} />
    </section>
  );
}
