import { z } from 'zod';
import { apiErrorBody } from '../../shared/api/errors';
import type { Brand } from '../../shared/brand';
import type { ApiRoute, AuthKind } from '../../shared/api/route';
import { apiRoutes } from '../../shared/api/routes';

type JsonSchema = Record<string, unknown>;
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; responses: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

/** zod → JSON Schema 2020-12 (OpenAPI 3.1's dialect); transforms and custom checks become "any" on their unrepresentable side. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12', reused: 'inline', cycles: 'ref' }) as JsonSchema;
  return rest;
}

/** `deployments.setup-steps.rerun` → `DeploymentsSetupStepsRerun` */
const typeName = (routeName: string) =>
  routeName
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((p) => p[0]?.toUpperCase() + p.slice(1))
    .join('');

const security: Record<AuthKind, Record<string, string[]>[] | undefined> = {
  visitor: [],
  user: [{ bearer: [] }],
  admin: [{ bearer: [] }],
  'ci-secret': [{ ciSecret: [] }],
  'stripe-signature': [{ stripeSignature: [] }],
  'sign-in-session': [],
};

const errorRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

function parameters(route: ApiRoute): unknown[] {
  const out: unknown[] = [];
  const add = (where: 'path' | 'query', schema: z.ZodType | undefined) => {
    if (!schema) return;
    const s = jsonSchema(schema, 'input');
    const props = (s.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((s.required ?? []) as string[]);
    for (const [name, prop] of Object.entries(props)) out.push({ name, in: where, required: where === 'path' || required.has(name), schema: prop });
  };
  add('path', route.params);
  add('query', route.query);
  for (const [name, schema] of Object.entries(route.headers ?? {})) out.push({ name, in: 'header', required: false, schema: jsonSchema(schema, 'input') });
  return out;
}

function operation(route: ApiRoute, schemas: Record<string, JsonSchema>): Record<string, unknown> {
  const op: Record<string, unknown> = { operationId: route.name, summary: route.summary, tags: [route.tag], security: security[route.auth] };
  const params = parameters(route);
  if (route.websocket) {
    // A browser cannot send headers on an upgrade: the bearer travels as ?token=.
    op.security = [{ terminalToken: [] }];
    op['x-websocket'] = true;
  }
  if (params.length > 0) op.parameters = params;
  if (route.body) {
    const key = `${typeName(route.name)}Request`;
    const body = jsonSchema(route.body.schema, 'input');
    if (route.body.files) {
      const props = { ...((body.properties ?? {}) as Record<string, JsonSchema>) };
      for (const [field, mediaType] of Object.entries(route.body.files)) props[field] = { type: 'string', contentMediaType: mediaType };
      body.properties = props;
    }
    schemas[key] = body;
    const encoding = route.body.files ? { encoding: Object.fromEntries(Object.entries(route.body.files).map(([f, t]) => [f, { contentType: t }])) } : {};
    op.requestBody = { required: true, content: { [route.body.type]: { schema: { $ref: `#/components/schemas/${key}` }, ...encoding } } };
  }
  const responses: Record<string, unknown> = {};
  for (const [status, r] of Object.entries(route.responses)) {
    if (r.schema) {
      const key = `${typeName(route.name)}Response${Number(status) >= 400 ? status : ''}`;
      schemas[key] = jsonSchema(r.schema, 'output');
      responses[status] = { description: r.description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${key}` } } } };
    } else if (r.contentType) {
      const binary = !/^text\/|javascript|pem/.test(r.contentType);
      responses[status] = { description: r.description, content: { [r.contentType]: { schema: binary ? { type: 'string', contentMediaType: r.contentType } : { type: 'string' } } } };
    } else {
      responses[status] = { description: r.description };
    }
  }
  if (route.body || route.params || route.query || route.headers) responses['400'] = errorRef('BadRequest');
  if (route.auth === 'user' || route.auth === 'admin' || route.auth === 'ci-secret') responses['401'] = errorRef('Unauthorized');
  if (route.auth === 'admin') responses['403'] = errorRef('Forbidden');
  if (route.params) responses['404'] = errorRef('NotFound');
  if (route.rateLimited) responses['429'] = errorRef('TooManyRequests');
  responses.default = errorRef('Error');
  op.responses = responses;
  return op;
}

/**
 * The OpenAPI 3.1 document of the contract. Routes of the payment gateway that is not configured
 * are left out, so the document describes the server that serves it.
 */
export function openApiDocument(opts: { brand: Brand; gateway: 'local' | 'stripe'; version?: string }): OpenApiDocument {
  const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: `Launchpad API (${opts.brand.name})`,
      version: opts.version ?? '1',
      description: 'Every error answers `{error, details}` JSON; `details` lists each bad field for a 400, or is null.',
    },
    servers: [{ url: '/' }],
    tags: [],
    paths: {},
    components: {
      schemas: { Error: jsonSchema(apiErrorBody, 'output') },
      responses: {
        BadRequest: errorResponse('Invalid input: `details` lists each bad field'),
        Unauthorized: errorResponse('Missing, expired or invalid credentials'),
        Forbidden: errorResponse('Signed in, but not allowed'),
        NotFound: errorResponse('No such resource, or it is not yours'),
        TooManyRequests: { ...errorResponse('Over the per-address limit; retry after `Retry-After` seconds'), headers: { 'Retry-After': { schema: { type: 'integer' } } } },
        Error: errorResponse('Any other error'),
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'OIDC access token (JWT) or personal API key (lp_…)' },
        terminalToken: { type: 'apiKey', in: 'query', name: 'token', description: 'The bearer of the terminal WebSocket' },
        ciSecret: { type: 'apiKey', in: 'header', name: 'X-CI-Secret' },
        stripeSignature: { type: 'apiKey', in: 'header', name: 'Stripe-Signature' },
      },
    },
  };
  const tags = new Set<string>();
  for (const route of apiRoutes(opts.brand)) {
    if (route.gateway && route.gateway !== opts.gateway) continue;
    tags.add(route.tag);
    const item = (doc.paths[route.path] ??= {});
    item[route.method.toLowerCase()] = operation(route, doc.components.schemas);
  }
  doc.tags = [...tags].sort().map((name) => ({ name }));
  return doc;
}
