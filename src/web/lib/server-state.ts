/** The id of the <script type="application/json"> that carries a server-rendered page's query cache. */
export const QUERY_STATE_ELEMENT_ID = 'query-state';
