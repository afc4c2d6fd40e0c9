import type { AgentType, IndustryTab } from './industry';

export interface UseCase {
  agent: AgentType;
  title: string;
  text: string;
  /** one measurable outcome, in the customer's words */
  outcome: string;
}

/** Three cards per industry; each opens the matching agent demo. */
export const useCases: Record<IndustryTab, UseCase[]> = {
  financial: [
    {
      agent: 'research',
      title: 'Research analyst',
      text: 'Reads filings, earnings calls and your internal research, then drafts sourced briefings an analyst can check line by line.',
      outcome: 'Briefings in minutes instead of days',
    },
    {
      agent: 'support',
      title: 'Client service desk',
      text: 'Answers account and product questions from your own policies, and hands difficult cases to staff with the whole conversation attached.',
      outcome: 'Most routine questions answered first time',
    },
    {
      agent: 'coding',
      title: 'Engineering copilot',
      text: 'Writes, reviews and tests code against your repositories without source code ever leaving your network.',
      outcome: 'Faster releases, same review standards',
    },
  ],
  healthcare: [
    {
      agent: 'vision',
      title: 'Handwriting and forms',
      text: 'Turns scanned referrals, handwritten notes and faxed forms into structured, searchable records.',
      outcome: 'Paperwork off the clinical queue',
    },
    {
      agent: 'clinical',
      title: 'Clinical documentation',
      text: 'Drafts visit notes and discharge summaries from dictation for the clinician to review and sign.',
      outcome: 'More time with patients',
    },
    {
      agent: 'protocol',
      title: 'Protocol assistant',
      text: 'Answers questions about care pathways and trial protocols, quoting the exact section it relied on.',
      outcome: 'Consistent answers, always cited',
    },
  ],
  regulated: [
    {
      agent: 'research-enterprise',
      title: 'Policy and regulation research',
      text: 'Searches regulations, contracts and internal policy together and explains what applies, with references.',
      outcome: 'Compliance questions answered with evidence',
    },
    {
      agent: 'support-enterprise',
      title: 'Employee help desk',
      text: 'Resolves IT and HR requests from your knowledge base and opens tickets in your existing tools when it cannot.',
      outcome: 'Shorter queues for IT and HR',
    },
    {
      agent: 'engineering',
      title: 'Platform engineering',
      text: 'Reads runbooks and infrastructure code, proposes changes as reviewed pull requests and explains incidents.',
      outcome: 'Incidents understood sooner',
    },
  ],
};

/** The inline demo panel's title and description per agent type (public-site 2.5 item 4). */
export const agentDemos: Record<AgentType, { title: string; description: string }> = {
  research: {
    title: 'Research Agent demo',
    description:
      'Ask for a briefing on a company or a market. The agent searches your document stores and licensed data, reads the relevant passages and writes a summary where every claim links back to its source. Analysts edit the draft rather than starting from a blank page.',
  },
  support: {
    title: 'Support Agent demo',
    description:
      'A customer asks about fees on their account. The agent checks your published policies and product sheets, answers in plain language and, when a question needs a person, passes the case on with a summary so nobody has to ask twice.',
  },
  coding: {
    title: 'Coding Agent demo',
    description:
      'Describe a change to a pricing model or a data pipeline. The agent writes a short spec, implements it in a branch, runs the tests and opens a pull request for your engineers to review, all on hardware you control.',
  },
  vision: {
    title: 'Vision Agent demo',
    description:
      'Upload a scanned referral letter with handwritten notes. The agent reads the handwriting, extracts patient details, medications and the reason for referral into a structured record, and flags anything it could not read with confidence.',
  },
  clinical: {
    title: 'Clinical Documentation Agent demo',
    description:
      'A clinician dictates after a consultation. The agent produces a structured note in your house format, suggests codes for review and leaves the final wording and signature to the clinician.',
  },
  protocol: {
    title: 'Protocol Agent demo',
    description:
      'Ask whether a patient meets the inclusion criteria of a trial, or what the pathway says about a follow-up interval. The agent answers from the current protocol version and quotes the section it used.',
  },
  'research-enterprise': {
    title: 'Enterprise Research Agent demo',
    description:
      'Ask how a new regulation affects a product line. The agent reads the regulation, your contracts and internal policies side by side and returns an assessment with references your compliance team can verify.',
  },
  'support-enterprise': {
    title: 'Enterprise Support Agent demo',
    description:
      'An employee cannot reach the VPN. The agent walks them through the fix from your IT knowledge base and, if that fails, opens a ticket in your service desk with the steps already tried.',
  },
  engineering: {
    title: 'Engineering Agent demo',
    description:
      'During an incident, ask what changed. The agent reads recent deployments, logs and runbooks, explains the likely cause and drafts the fix as a pull request for the on-call engineer to approve.',
  },
};
