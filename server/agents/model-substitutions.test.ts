import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { defaultModelClasses } from './model-substitutions';

describe('MODEL_SUBSTITUTIONS', () => {
  it('defaults to small-chat, large-chat, vision and code classes with 2–3 alternatives each', () => {
    const classes = loadConfig({}).agents.modelClasses;
    expect(classes).toEqual(defaultModelClasses);
    expect(classes.map((c) => c.name)).toEqual(['small-chat', 'large-chat', 'vision', 'code']);
    for (const c of classes) expect(c.alternatives.length).toBeGreaterThanOrEqual(2);
  });

  it('takes a JSON list from the environment', () => {
    const value = JSON.stringify([{ name: 'chat', alternatives: [{ provider: 'vllm', model: 'mistral-small' }] }]);
    expect(loadConfig({ MODEL_SUBSTITUTIONS: value }).agents.modelClasses).toEqual([{ name: 'chat', alternatives: [{ provider: 'vllm', model: 'mistral-small' }] }]);
  });

  it.each([
    ['text that is not JSON', '[{name: chat}', /MODEL_SUBSTITUTIONS: must be JSON/],
    ['an object instead of a list', '{"name":"chat"}', /MODEL_SUBSTITUTIONS/],
    ['a class without alternatives', '[{"name":"chat","alternatives":[]}]', /MODEL_SUBSTITUTIONS\.0\.alternatives: each class needs at least one alternative/],
    ['an alternative without a model', '[{"name":"chat","alternatives":[{"provider":"openai"}]}]', /MODEL_SUBSTITUTIONS\.0\.alternatives\.0\.model/],
    ['an empty list', '[]', /MODEL_SUBSTITUTIONS: must list at least one model class/],
  ])('refuses %s with a message naming the variable', (_label, value, message) => {
    expect(() => loadConfig({ MODEL_SUBSTITUTIONS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ MODEL_SUBSTITUTIONS: value })).toThrow(message);
  });

  it('points AGENTS_DIR at another catalogue folder', () => {
    expect(loadConfig({ AGENTS_DIR: '/srv/agents' }).agents.dir).toBe('/srv/agents');
    expect(loadConfig({}).agents.dir).toMatch(/server[/\\]agents[/\\]catalogue$/);
  });
});
