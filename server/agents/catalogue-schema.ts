import { z } from 'zod';
import { agentConfig, agentIdParam, assistantConfig } from '../../shared/api/agents';

/**
 * The icon keys the gallery uses for categories and cards; the renderer maps each to a picture,
 * so a file naming any other key is refused at start-up.
 */
export const iconKeys = ['star', 'chart', 'stethoscope', 'shield', 'headset', 'code', 'search', 'eye', 'document', 'lightning'] as const;
const icon = z.enum(iconKeys);

const text = z.string().trim().min(1);
const agentId = agentIdParam.shape.id;

/** `gallery.yaml`: the gallery's title and its categories, each listing agent ids in display order. */
export const galleryFile = z.strictObject({
  metadata: z.strictObject({ name: text, description: text }),
  categories: z
    .array(
      z.strictObject({
        id: agentId,
        name: text,
        icon,
        /** the showcase tab the gallery opens on; never an agent's home category */
        featured: z.literal(true).optional(),
        agents: z.array(agentId).min(1),
      }),
    )
    .min(1),
});
export type GalleryFile = z.infer<typeof galleryFile>;

/**
 * Written without the product id (`basic`, `agent`); the loader turns it into the platform's value
 * (`<product id>_basic`) so the files stay brand-neutral.
 */
export const agentKinds = ['basic', 'agent'] as const;

const fileAssistant = assistantConfig.extend({ agent_type: z.enum(agentKinds) }).strict();

/**
 * The platform's AIApp, strict so that a stray key (a top-level product key is rejected by
 * installations) fails here rather than at import time.
 */
const fileConfig = z.strictObject({
  apiVersion: agentConfig.shape.apiVersion,
  kind: agentConfig.shape.kind,
  metadata: z.strictObject({ name: agentId }),
  spec: agentConfig.shape.spec.extend({ assistants: z.array(fileAssistant).min(1) }).strict(),
});

/** `agents/<id>.yaml`: the gallery card and the configuration a Deploy imports. */
export const agentFile = z.strictObject({
  id: agentId,
  name: text,
  description: text,
  benefit: text,
  tags: z.array(text).min(1).max(5),
  icon,
  avatar: z.string().optional(),
  image: z.string().optional(),
  config: fileConfig,
});
export type AgentFile = z.infer<typeof agentFile>;
