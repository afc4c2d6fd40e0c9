import { z } from 'zod';
import { modelClass, type ModelClass } from '../../shared/api/agents';

/**
 * Which models an installation may use instead of an agent's own, by class (interop.md
 * model_classes). Each bundled agent names the first alternative of one of these classes; an
 * installation that lacks it picks the first alternative it does serve.
 */
export const defaultModelClasses: ModelClass[] = [
  {
    name: 'small-chat',
    alternatives: [
      { provider: 'openai', model: 'llama3.1:8b-instruct-q8_0' },
      { provider: 'togetherai', model: 'meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo' },
      { provider: 'openai', model: 'qwen3:8b' },
    ],
  },
  {
    name: 'large-chat',
    alternatives: [
      { provider: 'openai', model: 'llama3.3:70b-instruct-q4_K_M' },
      { provider: 'togetherai', model: 'meta-llama/Llama-3.3-70B-Instruct-Turbo' },
      { provider: 'openai', model: 'qwen3:32b' },
    ],
  },
  {
    name: 'vision',
    alternatives: [
      { provider: 'openai', model: 'qwen2.5vl:7b' },
      { provider: 'togetherai', model: 'Qwen/Qwen2.5-VL-72B-Instruct' },
      { provider: 'openai', model: 'gemma3:27b' },
    ],
  },
  {
    name: 'code',
    alternatives: [
      { provider: 'openai', model: 'qwen2.5-coder:32b' },
      { provider: 'togetherai', model: 'Qwen/Qwen2.5-Coder-32B-Instruct' },
      { provider: 'openai', model: 'devstral:24b' },
    ],
  },
];

const modelClassList = z
  .array(
    modelClass.extend({
      name: z.string().trim().min(1, 'each class needs a name'),
      alternatives: z.array(z.object({ provider: z.string().trim().min(1), model: z.string().trim().min(1) })).min(1, 'each class needs at least one alternative'),
    }),
  )
  .min(1, 'must list at least one model class');

/** `MODEL_SUBSTITUTIONS`: a JSON list of `{name, alternatives: [{provider, model}]}`; unset = the defaults above. */
export const modelSubstitutionsEnv = z
  .string()
  .optional()
  .transform((value, ctx): unknown => {
    if (value === undefined || value.trim() === '') return defaultModelClasses;
    try {
      return JSON.parse(value) as unknown;
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `must be JSON (a list of {name, alternatives: [{provider, model}]}): ${(err as Error).message}` });
      return z.NEVER;
    }
  })
  .pipe(modelClassList);
