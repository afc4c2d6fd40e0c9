import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentConfig, galleryResponse, modelSubstitutionsResponse } from '../../shared/api/agents';
import { decodeImportConfig, importAgentUrl } from '../../shared/agents/import-link';
import { api } from '../../test/support/api-client';
import { signIn } from '../../test/support/sign-in';
import { startTestServer } from '../../test/support/server';
import { bundledCatalogueDir } from './catalogue-dir';
import { useTestServer } from '../../test/support/suite-server';

describe('agent gallery API', () => {
  const { server } = useTestServer();

  it('serves the gallery to visitors, cacheable for five minutes', async () => {
    const res = await api(server, '/api/agents');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const { gallery } = galleryResponse.parse(res.body);
    expect(gallery.metadata.name).toBe('Agent Gallery');
    expect(gallery.categories[0]?.id).toBe('featured');
    expect(gallery.categories.find((c) => c.id === 'healthcare')?.agents.map((a) => a.id)).toContain('clinical-notes-scribe');
  });

  it('serves the same gallery to a signed-in user', async () => {
    const { accessToken } = await signIn(server, 'user@example.test', 'userpass');
    expect((await api(server, '/api/agents', { token: accessToken })).body).toEqual((await api(server, '/api/agents')).body);
  });

  it('answers an agent configuration that an installation can import', async () => {
    const res = await api(server, '/api/agents/kyc-document-checker');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const config = agentConfig.parse(res.body);
    expect(config).toMatchObject({ apiVersion: 'app.aispec.org/v1alpha1', kind: 'AIApp', metadata: { name: config.spec.name } });
    expect(config.metadata.name).not.toBe('kyc-document-checker');
    expect(config.spec.assistants[0]).toMatchObject({ agent_type: 'helix_basic', model: 'qwen2.5vl:7b' });
    expect(res.body).not.toHaveProperty('helix');

    const { model_classes } = modelSubstitutionsResponse.parse((await api(server, '/api/model-substitutions')).body);
    const url = importAgentUrl('http://localhost:8080/', config, model_classes);
    const payload = decodeImportConfig(url.split('config=')[1] ?? '');
    expect(agentConfig.parse(payload.yaml_config)).toEqual(config);
    expect(payload.model_classes).toEqual(model_classes);
  });

  it.each(['no-such-agent', 'Bad_Id', '..%2Fgallery'])('answers 404 with {error, details} for %s', async (id) => {
    const res = await api(server, `/api/agents/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Unknown agent', details: [{ path: 'id' }] });
  });

  it('serves the default model classes', async () => {
    const res = await api(server, '/api/model-substitutions');
    expect(res.status).toBe(200);
    const { model_classes } = modelSubstitutionsResponse.parse(res.body);
    expect(model_classes.map((c) => c.name)).toEqual(['small-chat', 'large-chat', 'vision', 'code']);
  });
});

describe('agent catalogue configuration', () => {
  it('refuses to start with MODEL_SUBSTITUTIONS that is not JSON', async () => {
    await expect(startTestServer({ MODEL_SUBSTITUTIONS: 'small-chat=llama' })).rejects.toThrow(/MODEL_SUBSTITUTIONS: must be JSON/);
  });

  it('refuses to start with a broken agent file, naming it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-agents-'));
    try {
      fs.cpSync(bundledCatalogueDir, dir, { recursive: true });
      const broken = path.join(dir, 'agents', 'code-reviewer.yaml');
      fs.writeFileSync(broken, fs.readFileSync(broken, 'utf8').replace(/^name: .*$/m, 'name: [oops'));
      await expect(startTestServer({ AGENTS_DIR: dir })).rejects.toThrow(broken);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves another catalogue folder given in AGENTS_DIR, and MODEL_SUBSTITUTIONS from the environment', async () => {
    const classes = [{ name: 'chat', alternatives: [{ provider: 'vllm', model: 'mistral-small' }] }];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-agents-'));
    try {
      fs.mkdirSync(path.join(dir, 'agents'));
      fs.copyFileSync(path.join(bundledCatalogueDir, 'agents', 'code-reviewer.yaml'), path.join(dir, 'agents', 'code-reviewer.yaml'));
      fs.writeFileSync(
        path.join(dir, 'gallery.yaml'),
        'metadata: {name: Our agents, description: Vetted by the platform team}\ncategories:\n  - {id: coding, name: Coding, icon: code, agents: [code-reviewer]}\n',
      );
      const server = await startTestServer({ AGENTS_DIR: dir, MODEL_SUBSTITUTIONS: JSON.stringify(classes) });
      try {
        const { gallery } = galleryResponse.parse((await api(server, '/api/agents')).body);
        expect(gallery).toMatchObject({ metadata: { name: 'Our agents' }, categories: [{ id: 'coding', agents: [{ id: 'code-reviewer' }] }] });
        expect((await api(server, '/api/agents/clinical-notes-scribe')).status).toBe(404);
        expect((await api(server, '/api/model-substitutions')).body).toEqual({ model_classes: classes });
      } finally {
        await server.cleanup();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
