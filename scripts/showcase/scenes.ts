/**
 * What each showcase tab shows: the screen it opens (its poster) and a few seconds of a person
 * using it (its clip). Steps are forgiving: a control that is missing (data or copy changed) is
 * reported and skipped, so one changed screen does not stop the other recordings.
 */
import type { Locator, Page } from 'playwright-core';
import type { RecordedTab } from '../../renderer/pages/marketing/landing/media';

export interface Scene {
  /** the screen, opened signed in; its screenshot is the tab's poster */
  path: string;
  /** what the clip shows */
  about: string;
  play(stage: Stage): Promise<void>;
}

/** A control on the page a scene plays on. */
type Target = (page: Page) => Locator;

/** One thing a person does in a clip: a number is a pause (ms); the rest name a Stage action, its control and its label. */
type Step =
  | number
  | readonly ['click', Target, string]
  | readonly ['type', Target, string, string]
  | readonly ['select', Target, string, string]
  | readonly ['reveal', Target, string]
  | readonly ['scroll', number]
  | readonly ['press', string];

export class Stage {
  constructor(
    readonly page: Page,
    private readonly name: string,
  ) {}

  pause(ms: number): Promise<void> {
    return this.page.waitForTimeout(ms);
  }

  /** Moves the pointer to the control (so the viewer sees where), then clicks it. */
  async click(target: Locator, label: string): Promise<void> {
    await this.tolerant(label, async () => {
      const box = await target.boundingBox({ timeout: 3000 });
      if (box) await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 6 });
      await target.click({ timeout: 3000 });
    });
  }

  async type(target: Locator, text: string, label: string): Promise<void> {
    await this.tolerant(label, async () => {
      await target.click({ timeout: 3000 });
      await target.pressSequentially(text, { delay: 70 });
    });
  }

  async select(target: Locator, option: string, label: string): Promise<void> {
    await this.tolerant(label, () => target.selectOption({ label: option }, { timeout: 3000 }).then(() => undefined));
  }

  /** Scrolls by `px` in small wheel steps, as a person does (the context has reduced motion, so no smooth scrolling). */
  async scroll(px: number): Promise<void> {
    await this.page.mouse.move(640, 400);
    const steps = Math.max(1, Math.round(Math.abs(px) / 40));
    for (let i = 0; i < steps; i++) {
      await this.page.mouse.wheel(0, px / steps);
      await this.page.waitForTimeout(40);
    }
  }

  /** Scrolls until the control sits near the top of the window. */
  async reveal(target: Locator, label: string): Promise<void> {
    await this.tolerant(label, async () => {
      const box = await target.boundingBox({ timeout: 3000 });
      if (box && box.y > 160) await this.scroll(box.y - 120);
    });
  }

  private async tolerant(label: string, step: () => Promise<void>): Promise<void> {
    try {
      await step();
    } catch (err) {
      console.warn(`  ${this.name}: skipped "${label}" (${(err as Error).message.split('\n')[0]})`);
    }
  }
}

async function perform(s: Stage, step: Step): Promise<void> {
  if (typeof step === 'number') return s.pause(step);
  switch (step[0]) {
    case 'click':
      return s.click(step[1](s.page), step[2]);
    case 'type':
      return s.type(step[1](s.page), step[2], step[3]);
    case 'select':
      return s.select(step[1](s.page), step[2], step[3]);
    case 'reveal':
      return s.reveal(step[1](s.page), step[2]);
    case 'scroll':
      return s.scroll(step[1]);
    case 'press':
      return s.page.keyboard.press(step[1]);
  }
}

/** A scene that plays its steps one after another. */
function scene(path: string, about: string, steps: readonly Step[]): Scene {
  return {
    path,
    about,
    async play(s) {
      for (const step of steps) await perform(s, step);
    },
  };
}

const galleryTab =
  (index: number): Target =>
  (page) =>
    page.getByTestId('agent-gallery').getByRole('tab').nth(index);
const apiKeyForm = (page: Page) => page.locator('form.api-key-form');

/** The tabs whose feature Launchpad itself shows (media.ts recordedTabs); the others are illustrations. */
export const scenes: Record<RecordedTab, Scene> = {
  agents: scene('/agents', 'the agent gallery: two categories, then a Deploy menu listing where the agent can run', [
    700,
    ['click', galleryTab(1), 'second category'],
    900,
    ['click', galleryTab(2), 'third category'],
    900,
    ['click', (page) => page.getByTestId('agent-card').first().getByTestId('deploy-button'), 'Deploy'],
    1800,
    ['press', 'Escape'],
    500,
  ]),
  auth: scene('/account', 'the account page: creating a scoped API key, shown once', [
    700,
    ['reveal', apiKeyForm, 'API key form'],
    ['type', (page) => apiKeyForm(page).getByLabel('Key name'), 'ci-pipeline', 'key name'],
    400,
    ['click', (page) => apiKeyForm(page).getByRole('button', { name: 'Create API key' }), 'Create API key'],
    2200,
  ]),
};
