/** The users feature's public face: other features import only from here. */
export { generateTemporaryPassword, newUserId } from './users.service.ts';
