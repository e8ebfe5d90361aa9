/** The messages feature's public face: other features import only from here. */
export { getUnreadCount } from './messages.service.ts';
