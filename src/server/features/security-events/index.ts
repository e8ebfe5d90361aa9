/** The security-events feature's public face: other features import only from here. */
export { listRecentSecurityEvents } from './security-events.service.ts';
