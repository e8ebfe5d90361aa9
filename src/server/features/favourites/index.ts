/** The favourites feature's public face: other features import only from here. */
export { findPriceDropRecipients } from './favourites.service.ts';
