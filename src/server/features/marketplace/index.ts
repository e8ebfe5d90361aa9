/** The marketplace feature's public face: other features import only from here. */
export { listStoreListings, matchCatalogueProducts, viewerOf } from './marketplace.service.ts';
