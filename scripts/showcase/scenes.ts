/**
 * What each showcase tab shows: the screen it opens (its poster) and a few seconds of a person
 * using it (its clip). Steps are forgiving: a control that is missing (data or copy changed) is
 * reported and skipped, so one changed screen does not stop a recording of the other six.
 */
import type { Locator, Page } from 'playwright-core';
import type { ProductTab } from '../../renderer/pages/marketing/landing/products';

export interface Scene {
  /** the screen, opened signed in; its screenshot is the tab's poster */
  path: string;
  /** what the clip shows */
  about: string;
  play(stage: Stage): Promise<void>;
}

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

const guideTab = (page: Page, name: string) => page.getByTestId('setup-guide').getByRole('tab', { name, exact: true });
const galleryTab = (page: Page, index: number) => page.getByTestId('agent-gallery').getByRole('tab').nth(index);

export const scenes: Record<ProductTab, Scene> = {
  agents: {
    path: '/agents',
    about: 'the agent gallery: two categories, then a Deploy menu listing where the agent can run',
    async play(s) {
      await s.pause(700);
      await s.click(galleryTab(s.page, 1), 'second category');
      await s.pause(900);
      await s.click(galleryTab(s.page, 2), 'third category');
      await s.pause(900);
      await s.click(s.page.getByTestId('agent-card').first().getByTestId('deploy-button'), 'Deploy');
      await s.pause(1800);
      await s.page.keyboard.press('Escape');
      await s.pause(500);
    },
  },
  models: {
    path: '/private-deployments/category/cloud/provider/aws',
    about: 'the setup guide for AWS: switching between Kubernetes and a Docker Compose VM and reading the generated files',
    async play(s) {
      await s.pause(700);
      await s.click(guideTab(s.page, 'Kubernetes'), 'Kubernetes');
      await s.pause(1000);
      await s.scroll(360);
      await s.pause(900);
      await s.click(guideTab(s.page, 'Virtual Machine (Docker Compose)'), 'Docker Compose VM');
      await s.pause(1200);
      await s.scroll(-360);
      await s.pause(500);
    },
  },
  rag: {
    path: '/private-deployments/category/onprem/platform/kubernetes',
    about: 'the on-premises setup guide: Kubernetes, Docker Compose and VMware vSphere, the instructions changing with each',
    async play(s) {
      await s.pause(700);
      await s.click(guideTab(s.page, 'Docker Compose'), 'Docker Compose');
      await s.pause(1100);
      await s.click(guideTab(s.page, 'VMware vSphere'), 'VMware vSphere');
      await s.pause(1100);
      await s.click(guideTab(s.page, 'Kubernetes'), 'Kubernetes');
      await s.pause(600);
      await s.scroll(400);
      await s.pause(900);
    },
  },
  vision: {
    path: '/agents-gallery',
    about: 'the public agent gallery: picking a category and scrolling through its agents',
    async play(s) {
      await s.pause(700);
      await s.click(galleryTab(s.page, 3), 'fourth category');
      await s.pause(900);
      await s.scroll(520);
      await s.pause(900);
      await s.scroll(-520);
      await s.pause(500);
    },
  },
  evals: {
    path: '/test-dashboard',
    about: 'the test dashboard: filtering runs by type and opening a failed run with its logs and screenshots',
    async play(s) {
      await s.pause(700);
      await s.select(s.page.getByLabel('Test Type'), 'OAuth Integration', 'filter OAuth Integration');
      await s.pause(900);
      await s.select(s.page.getByLabel('Test Type'), 'All Tests', 'filter All Tests');
      await s.pause(600);
      await s.click(s.page.getByTestId('test-run-row').first(), 'first run');
      await s.pause(1200);
      await s.scroll(420);
      await s.pause(1000);
    },
  },
  gpu: {
    path: '/deployments/type/trial-vm',
    about: 'creating a trial VM: the form, Creating..., Starting... and the new machine provisioning with its install terminal',
    async play(s) {
      await s.pause(600);
      await s.click(s.page.getByTestId('type-card-trial-vm').getByRole('button'), 'Start Trial VM');
      await s.pause(500);
      await s.type(s.page.getByTestId('deployment-name'), 'research-agents', 'name');
      await s.page.keyboard.press('Enter');
      await s.pause(1200);
      // the new machine's row sits below the form
      await s.reveal(s.page.getByTestId('deployment-row').first(), 'the new deployment');
      await s.pause(5500);
    },
  },
  auth: {
    path: '/account',
    about: 'the account page: creating a scoped API key, shown once',
    async play(s) {
      await s.pause(700);
      const form = s.page.locator('form.api-key-form');
      await s.reveal(form, 'API key form');
      await s.type(form.getByLabel('Key name'), 'ci-pipeline', 'key name');
      await s.pause(400);
      await s.click(form.getByRole('button', { name: 'Create API key' }), 'Create API key');
      await s.pause(2200);
    },
  },
};
