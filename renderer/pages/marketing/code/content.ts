/** Copy of the /code page (public-site 2.12); `{product}` is filled in from the brand. */
import type { GlyphName } from '../landing/glyphs';

/** The chat community where private-beta invites are handed out. */
export const betaInviteUrl = 'https://discord.gg/private-beta-code';

export const features: { glyph: GlyphName; title: string; text: string }[] = [
  {
    glyph: 'desktop',
    title: 'A desktop for every agent',
    text: 'Each agent works in its own GPU-accelerated Linux desktop, streamed to you. Watch it run the app, the browser and the tests, and take the keyboard whenever you like.',
  },
  {
    glyph: 'spec',
    title: 'Specs before code',
    text: 'Agents write the spec first. You review and approve the plan, and only then does implementation start, so changes land the way you intended.',
  },
  {
    glyph: 'board',
    title: 'A kanban board for the fleet',
    text: 'Every agent is a card on a board. See at a glance who is planning, who is building and who is waiting for your review.',
  },
  {
    glyph: 'gpu',
    title: 'Your GPU or our cloud',
    text: 'Run it on your own GPU with Docker, or on our cloud. Your code stays where you put it.',
  },
];

export const codeTabs = ['spec', 'streaming', 'fleet', 'intelligence'] as const;
export type CodeTab = (typeof codeTabs)[number];

export const tabs: Record<CodeTab, { label: string; comingSoon?: boolean; title: string; text: string }> = {
  spec: {
    label: 'Spec Coding',
    title: 'Agree the plan, then build it',
    text: 'Describe the change in a sentence. The agent researches the codebase, writes a spec with the design and the test plan, and waits for your approval. Comments on the spec go straight back to the agent.',
  },
  streaming: {
    label: 'Desktop Streaming',
    title: 'See exactly what the agent sees',
    text: 'The agent’s desktop is streamed to your browser with GPU encoding. Follow along as it runs the dev server and clicks through the UI, or take over mouse and keyboard to show it what you mean.',
  },
  fleet: {
    label: 'Fleet View',
    title: 'Many agents, one view',
    text: 'Run several agents in parallel on separate tasks. Fleet View shows every desktop live side by side, with the board column each one is in.',
  },
  intelligence: {
    label: 'Code Intelligence',
    comingSoon: true,
    title: 'Code Intelligence',
    text: 'A shared index of your repositories that every agent can query for symbols, call paths and past changes. Coming soon to private-beta organisations first.',
  },
};
