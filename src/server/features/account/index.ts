/** The account feature's public face: other features import only from here. */
export { findAutoApprovingSellers } from './account.service.ts';
