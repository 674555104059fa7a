import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI document', () => {
  it('describes every registered route at /api/docs/json, with the documents\u2019 paths', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(res);
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of t.app.apiRoutes) {
      const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
      expect(doc.paths[path], path).toBeDefined();
      expect(doc.paths[path]![route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
    }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/login/{org}',
        '/v2/users',
        '/reset/{org}/password-reset-request',
        '/users/{org}/{userId}/reset-password-token',
        '/users/{org}/user/{id}/patient',
        '/users/{org}/{id}',
        '/organization/search',
        '/organization/{org}/policy/{section}',
      ]),
    );
  });

  it('serves the interactive documentation page', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(res.statusCode);
  });
});
