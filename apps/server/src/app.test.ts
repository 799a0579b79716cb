import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { freshDatabase } from './test/fresh-db.ts';

let dist: string;
let close: () => Promise<void>;
let app: Awaited<ReturnType<typeof buildApp>>['app'];

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  const { db, drop } = await freshDatabase();
  ({ app } = await buildApp({ db, config: { ...readConfig({}), webDist: dist } }));
  close = async () => {
    await app.close();
    await drop();
  };
});
afterAll(async () => {
  await close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the console', () => {
  it('serves the app under /admin, deep links included', async () => {
    for (const url of ['/admin/', '/admin/jobs/edit/5', '/admin/resetpw?token=abc']) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).toContain('<title>console</title>');
    }
    const js = await app.inject({ method: 'GET', url: '/admin/assets/app-1234.js' });
    expect(js.headers['content-type']).toContain('javascript');
  });

  it('sends / and /admin to the console, and answers unknown paths with JSON 404', async () => {
    expect((await app.inject({ method: 'GET', url: '/' })).headers.location).toBe('/admin/');
    expect((await app.inject({ method: 'GET', url: '/admin' })).headers.location).toBe('/admin/');
    const r = await app.inject({ method: 'POST', url: '/nope', payload: {} });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ error: 'Not found' });
  });
});
