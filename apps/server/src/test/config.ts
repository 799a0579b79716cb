import { type Config, readConfig } from '../config.ts';

/** A server configuration for tests and benchmarks: no web build, no mail server, and keys of its own (no key file is written). */
export function testConfig(over: Partial<Config> = {}): Config {
  return {
    ...readConfig({}),
    tokenSecrets: ['test-secret-of-the-harness'],
    cardKeys: ['card-key-of-the-harness'],
    smtpUrl: undefined,
    webDist: '/nonexistent',
    ...over,
  };
}
