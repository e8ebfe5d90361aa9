import helmet from '@fastify/helmet';
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

export const securityHeadersPlugin = fp(async (app, options: SecurityHeadersOptions) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: buildCspDirectives(options) },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    hsts: options.isHttps ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Reporting-Endpoints', `csp="${CSP_REPORT_PATH}"`);
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
  });
});
