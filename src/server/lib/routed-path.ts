import type { FastifyRequest } from 'fastify';

/**
 * The path as the router sees it: the matched route, else the decoded path (the router decodes,
 * so '/%61pi/health' is '/api/health'); null when it cannot be decoded. Guards that decide by path
 * use this, never the raw URL, or a percent-encoded path slips past them.
 */
export function routedPath(request: FastifyRequest): string | null {
  if (request.routeOptions.url) return request.routeOptions.url;
  const raw = request.url.split('?', 1)[0];
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** Whether a routed path belongs to the API (its unknown paths answer JSON, never the web app). */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
