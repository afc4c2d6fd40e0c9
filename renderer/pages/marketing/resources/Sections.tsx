import { type ReactNode, type Ref, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { linkTo } from '../../../routes/links';
import { useBrand } from '../../../app/use-brand';
import { ArchitectureExplorer } from './ArchitectureExplorer';
import { PairList } from '../../../shell/PairList';
import { privateDeploymentDocsUrl, trustCentreUrl } from '../../../shell/external-links';

/**
 * A collapsible section. Left uncontrolled on purpose: the shell opens the <details> around a
 * hash target itself (renderer/app/scroll.ts), and React must not close it again on re-render.
 * Before scripts run (or without them), the section an address names (#compliance-legal) is shown
 * open by CSS (`:target::details-content`, resources.css); once the page runs, the section takes
 * over with its real `open` state (opened here first when targeted, so nothing collapses).
 */
export function ResourceSection({
  id,
  title,
  lead,
  children,
  detailsRef,
  className = '',
}: {
  id: string;
  title: string;
  lead: string;
  children: ReactNode;
  detailsRef?: Ref<HTMLDetailsElement>;
  className?: string;
}) {
  const [live, setLive] = useState(false);
  useEffect(() => {
    const own = document.getElementById(id);
    if (own instanceof HTMLDetailsElement && window.location.hash === `#${id}`) own.open = true;
    setLive(true);
  }, [id]);
  return (
    <details id={id} ref={detailsRef} className={`res-section${live ? ' res-live' : ''} ${className}`} data-testid={`section-${id}`}>
      <summary>
        <span className="res-summary-text">
          <span className="res-summary-title">{title}</span>
          <span className="res-summary-lead">{lead}</span>
        </span>
      </summary>
      <div className="res-section-body">{children}</div>
    </details>
  );
}

/** Opens in a new tab; on the desktop build the window-open handler sends it to the system browser. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

const architecture: [string, string][] = [
  ['Control plane', 'The web interface, API, agent runtime, knowledge indexes and scheduler. It runs on Docker for a single server or on Kubernetes with Helm, and needs no GPU.'],
  ['GPU runners', 'Workers that serve open models for chat, vision and embeddings on your NVIDIA GPUs. The scheduler packs models onto the GPUs you have and scales them with demand.'],
  ['Your systems', 'Identity from your directory, storage in your buckets or volumes, agents versioned in your Git. External model providers are optional and can be switched off entirely.'],
];

export function ArchitectureSection() {
  const brand = useBrand();
  return (
    <ResourceSection id="technical-architecture" title="Technical Architecture" lead="What runs where, and how it plugs into the tools you already operate." className="res-no-print">
      <PairList kind="headings" className="res-columns" items={architecture} />
      <ArchitectureExplorer />
      <p>
        Step-by-step installation, sizing and networking: <ExternalLink href={privateDeploymentDocsUrl(brand)}>{brand.name} private deployment documentation</ExternalLink>.
      </p>
    </ResourceSection>
  );
}

const compliance: [string, string][] = [
  ['Your data stays yours', 'Self-hosted installations process prompts, documents and outputs inside your network. Nothing is sent to us.'],
  ['Access you can audit', 'Sign-in through your identity provider, role-based access for organisations and teams, and agent changes reviewed in your own Git history.'],
  ['Air-gapped when required', 'Run open models on your own GPUs with external providers disabled, for regulated workloads that may not leave a controlled environment.'],
];

const certifications = ['SOC 2 Type II', 'ISO 27001', 'HIPAA Ready', 'FedRAMP In Progress'];

export function ComplianceSection() {
  const brand = useBrand();
  return (
    <ResourceSection id="compliance-legal" title="Compliance and Legal" lead="Data sovereignty, certifications and the documents your legal team will ask for." className="res-no-print">
      <PairList kind="headings" className="res-columns" items={compliance} />
      <ul className="res-badges" aria-label="Certifications">
        {certifications.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <p>
        Security reports, policies and sub-processors are in the <ExternalLink href={trustCentreUrl(brand)}>{brand.name} Trust Center</ExternalLink>. Our{' '}
        <Link to={linkTo('terms-of-service')}>terms of service</Link>, <Link to={linkTo('privacy-policy')}>privacy policy</Link> and <Link to={linkTo('cookie-policy')}>cookie policy</Link> are
        published here.
      </p>
    </ResourceSection>
  );
}

const phases: [string, string][] = [
  ['Prepare', 'Pick a first use case and its owner, size the control plane and GPUs, and agree how users sign in.'],
  ['Install', 'Deploy the control plane with Docker or Helm, attach a GPU runner, connect your identity provider and storage.'],
  ['Pilot', 'Build the first agents with a small group, wire them to real data, and measure them with evals.'],
  ['Scale', 'Roll out team by team, add users in packs of 10, and move agent changes into your Git review process.'],
];

export function ImplementationSection() {
  return (
    <ResourceSection id="implementation-guide" title="Implementation Guide" lead="From first install to company-wide roll-out, for IT and DevOps teams." className="res-no-print">
      <ol className="res-phases">
        {phases.map(([name, text]) => (
          <li key={name}>
            <strong>{name}.</strong> {text}
          </li>
        ))}
      </ol>
      <h3>Requirements</h3>
      <ul>
        <li>Control plane: 4 CPUs, 8GB RAM and 50GB+ free disk.</li>
        <li>GPU runner: an NVIDIA GPU with 8GB+ VRAM and 150GB+ disk.</li>
        <li>Kubernetes installs: Kubernetes 1.21+ and Helm 3.0+. VMware: vSphere 6.7+, 4 vCPU (8 recommended), 8GB RAM (16 recommended), 100GB storage.</li>
      </ul>
      <p>
        The <Link to={linkTo('private-deployments')}>setup guide</Link> generates the install commands and configuration for your environment; the <Link to={linkTo('docs')}>documentation</Link> covers
        every option.
      </p>
    </ResourceSection>
  );
}
