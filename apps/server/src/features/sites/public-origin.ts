/**
 * A site's own origin (decision 022): `https://<domain>` from the site's row, with the scheme and
 * port the deployment configures (PUBLIC_SCHEME, PUBLIC_PORT). Links in mails and the Origin
 * check of state-changing calls use it; nothing a request says (Host, X-Forwarded-Proto, its
 * port) goes into it, so a forged request cannot make the server mail a link to another host.
 */
export interface PublicOriginConfig {
  scheme: 'http' | 'https';
  /** Unset: the scheme's standard port (no port in the URL). */
  port: number | undefined;
}

export const PRODUCTION_PUBLIC_ORIGIN: PublicOriginConfig = { scheme: 'https', port: undefined };

const STANDARD_PORTS = { http: 80, https: 443 } as const;

/** 'https://cupido.example', 'http://nl.localhost:3000'. */
export function siteOrigin(domain: string, config: PublicOriginConfig): string {
  const port = config.port !== undefined && config.port !== STANDARD_PORTS[config.scheme] ? `:${config.port}` : '';
  return `${config.scheme}://${domain}${port}`;
}
