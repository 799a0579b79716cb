import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { testConfig } from './test/config.ts';
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
  ({ app } = await buildApp({ db, config: testConfig({ webDist: dist }) }));
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
    expect(r.json()).toEqual({ error: 'Not found', code: 'notFound' });
  });

  it('answers a path the static files refuse with its 4xx, not 500', async () => {
    const r = await app.inject({ method: 'GET', url: '/admin/%00' });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ error: 'The request was refused', code: 'badRequest' });
  });
});

describe('logs', () => {
  it('always logs a server error, and never a token of a URL', async () => {
    const lines: string[] = [];
    const { db, drop } = await freshDatabase();
    const logged = await buildApp({
      db,
      config: testConfig({ webDist: dist }),
      logLevel: 'info',
      logStream: { write: (line) => lines.push(line) },
    });
    logged.app.get('/boom', () => {
      throw new Error('kaboom');
    });
    expect((await logged.app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    await logged.app.inject({ method: 'GET', url: '/socket?token=eyJsecret.part.here' });
    await logged.app.close();
    await drop();
    const text = lines.join('');
    expect(text).toContain('kaboom');
    expect(text).toContain('server error');
    expect(text).toContain('token=[hidden]');
    expect(text).not.toContain('eyJsecret');
  });

  it('logs server errors at the default level too (without LOG=1)', async () => {
    const lines: string[] = [];
    const { db, drop } = await freshDatabase();
    const quiet = await buildApp({ db, config: testConfig(), logStream: { write: (line) => lines.push(line) } });
    quiet.app.get('/boom', () => {
      throw new Error('kaboom');
    });
    await quiet.app.inject({ method: 'GET', url: '/boom' });
    await quiet.app.close();
    await drop();
    expect(lines.join('')).toContain('kaboom');
    expect(lines.some((l) => l.includes('incoming request'))).toBe(false);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline script, no framing, no sniffing and no referrer, on pages and answers', async () => {
    for (const r of [
      await app.inject({ method: 'GET', url: '/admin/' }),
      await app.inject({ method: 'POST', url: '/', payload: { act: 'nothing' } }),
    ]) {
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("img-src 'self' data: blob: https:");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      // plain http on a LAN: no HSTS
      expect(r.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS and the upgrade of insecure requests behind a TLS proxy', async () => {
    const { db, drop } = await freshDatabase();
    const { app: proxied } = await buildApp({ db, config: testConfig({ webDist: dist, trustProxy: 1 }) });
    try {
      const r = await proxied.inject({ method: 'GET', url: '/admin/' });
      expect(r.headers['strict-transport-security']).toContain('max-age=15552000');
      expect(String(r.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await proxied.close();
      await drop();
    }
  });
});
