import { z } from 'zod';
import { modelClass, type ModelClass } from '../../shared/api/agents';

/** A class whose alternatives are, in order: a model on the `openai` provider, its Together AI counterpart, another `openai` model. */
const openaiFirst = (name: string, openai: string, togetherai: string, otherOpenai: string): ModelClass => ({
  name,
  alternatives: [
    { provider: 'openai', model: openai },
    { provider: 'togetherai', model: togetherai },
    { provider: 'openai', model: otherOpenai },
  ],
});

/**
 * Which models an installation may use instead of an agent's own, by class (interop.md
 * model_classes). Each bundled agent names the first alternative of one of these classes; an
 * installation that lacks it picks the first alternative it does serve.
 */
export const defaultModelClasses: ModelClass[] = [
  openaiFirst('small-chat', 'llama3.1:8b-instruct-q8_0', 'meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo', 'qwen3:8b'),
  openaiFirst('large-chat', 'llama3.3:70b-instruct-q4_K_M', 'meta-llama/Llama-3.3-70B-Instruct-Turbo', 'qwen3:32b'),
  openaiFirst('vision', 'qwen2.5vl:7b', 'Qwen/Qwen2.5-VL-72B-Instruct', 'gemma3:27b'),
  openaiFirst('code', 'qwen2.5-coder:32b', 'Qwen/Qwen2.5-Coder-32B-Instruct', 'devstral:24b'),
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
