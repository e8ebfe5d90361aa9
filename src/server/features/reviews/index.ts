/** The reviews feature's public face: other features import only from here. */
export { isOrderReviewable, listStoreReviews, ratingsOfStores } from './reviews.service.ts';
