import { queryString } from './http.ts';

/**
 * What the bundle gives `@feathersjs/rest-client` for its `qs` import (vite.config.ts `alias`;
 * issue 15): the portal's client writes every query with `queryString` (`PortalRestClient`), so
 * the `qs` package and its dependencies (about 20 kB of gzip-compressed code) would only weigh
 * down the login page. Anything that still asks for `qs.stringify` gets the same writing.
 */
export default { stringify: queryString };
