/** The reviews feature's public face: other features import only from here. */
export { listStoreReviews, ratingsOfStores } from './reviews.service.ts';
