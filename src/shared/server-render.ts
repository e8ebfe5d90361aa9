/**
 * The id of the <script type="application/json"> that carries a server-rendered page's query
 * cache: the server writes it (plugins/web-render.ts), the browser starts from it (main.tsx).
 */
export const QUERY_STATE_ELEMENT_ID = 'query-state';
