import type { Config } from '../config.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The base of links in mail. PUBLIC_URL when set; else the address the request came to, but only
 * when its host is this machine or one of ALLOWED_HOSTS: a forged Host header must never make a
 * reset link point at someone else's server. Any other host gets the local address.
 */
export function mailLinkBase(config: Config, protocol: string, hostHeader: string | undefined): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const local = `http://localhost:${config.port}`;
  if (!hostHeader) return local;
  let url: URL;
  try {
    url = new URL(`${protocol === 'https' ? 'https' : 'http'}://${hostHeader}`);
  } catch {
    return local;
  }
  const host = url.hostname.toLowerCase();
  return LOCAL_HOSTS.has(host) || config.allowedHosts.includes(host) ? url.origin : local;
}
