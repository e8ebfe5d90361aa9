import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** Origins of the card payment provider (scripts, frames, form posts, XHR); empty until one is chosen. */
  paymentOrigins: string[];
  /** Only ask browsers to upgrade sub-requests when the app is served over https. */
  isHttps: boolean;
}

export const CSP_REPORT_PATH = '/api/csp-report';

/** The Content-Security-Policy directives, exported so tests assert the same policy. */
export function buildCspDirectives({ paymentOrigins, isHttps }: SecurityHeadersOptions) {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...paymentOrigins],
    // Toast and dialog libraries inject style elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'", 'data:'],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'", ...paymentOrigins],
    frameSrc: paymentOrigins.length ? paymentOrigins : ["'none'"],
    formAction: ["'self'", ...paymentOrigins],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    reportUri: [CSP_REPORT_PATH],
    reportTo: ['csp'],
    upgradeInsecureRequests: isHttps ? [] : null,
  };
}

/** Directive names in camelCase → the header's kebab-case. */
function serialiseCsp(directives: ReturnType<typeof buildCspDirectives>): string {
  return Object.entries(directives)
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([name, values]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values].join(' '))
    .join(';');
}

/** Every security header, computed once: the same set helmet sends, plus reporting and permissions. */
export function buildSecurityHeaders(options: SecurityHeadersOptions): Record<string, string> {
  return {
    'content-security-policy': serialiseCsp(buildCspDirectives(options)),
    'reporting-endpoints': `csp="${CSP_REPORT_PATH}"`,
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(options.isHttps ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  };
}

/**
 * The headers that still mean something on a built script, style, font or image: no sniffing, no
 * embedding by other sites, the referrer policy of requests a stylesheet makes, and https pinning.
 * The rest (the policy, framing, permissions, the opener) apply to documents only, and sent with
 * each of a page's assets they were about 1 KB each, some 10 KB of a phone's first download.
 */
const SUBRESOURCE_HEADERS = [
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
] as const;

/** The built app's hashed files (plugins/web-static.ts); never a document, never a worker. */
export const BUILT_ASSETS_PREFIX = '/assets/';

/**
 * Sets the precomputed headers on every response. (helmet rebuilt the policy on each request,
 * which cost a third of the throughput of a cached endpoint; see docs/performance.md.)
 */
export const securityHeadersPlugin = fp(async (app, options: SecurityHeadersOptions) => {
  const headers = buildSecurityHeaders(options);
  const assetHeaders = Object.fromEntries(
    SUBRESOURCE_HEADERS.filter((name) => name in headers).map((name) => [name, headers[name]]),
  );
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(request.url.startsWith(BUILT_ASSETS_PREFIX) ? assetHeaders : headers);
  });
});
