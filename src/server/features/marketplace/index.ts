/** The marketplace feature's public face: other features import only from here. */
export { listStoreListings, viewerOf } from './marketplace.service.ts';
export { matchCatalogueProducts } from './search.service.ts';
