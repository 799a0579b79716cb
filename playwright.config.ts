import { defineConfig, devices } from '@playwright/test';

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: 'http://localhost:8091/admin/',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // a fresh demo each run; a lock a killed run left behind is the server's to take over (dataDirLock.ts)
    command: 'rm -rf .tmp/e2e-data && node --import tsx apps/server/src/main.ts',
    env: { PORT: '8091', DATA_DIR: '.tmp/e2e-data' },
    url: 'http://localhost:8091/admin/',
    timeout: 180_000,
    reuseExistingServer: false,
  },
});
