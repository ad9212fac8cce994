// A Turbopack loader for Redoc's prebuilt browser bundle (next.config.mjs), so that the API reference
// runs under the pages' Content-Security-Policy and loads nothing from another origin:
// - the style elements its bundled style-loader adds get the page's nonce (from the csp-nonce meta
//   element /docs/api renders), where they would carry its own webpack runtime's, which is never set;
// - the Redocly logo in its sidebar, loaded from Redocly's CDN, becomes an inline SVG.
// Redoc is pinned; when its bundle no longer has either text, the build stops here with this name
// (scripts/loaders/redoc-csp-loader.test.ts checks the installed bundle too).
const NONCE = 'var t=r.nc;t&&e.setAttribute("nonce",t)';
const PAGE_NONCE = 'var t=r.nc||(document.querySelector(\'meta[property="csp-nonce"]\')||{}).nonce;t&&e.setAttribute("nonce",t)';
const LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";
const LOCAL_LOGO =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%23dc2f2a'/%3E%3C/svg%3E";

function patchRedoc(source) {
  if (!source.includes(NONCE) || !source.includes(LOGO)) {
    throw new Error("redoc-csp-loader: Redoc's bundle changed (its style nonce or CDN logo text is gone); review scripts/loaders/redoc-csp-loader.cjs");
  }
  return source.replace(NONCE, PAGE_NONCE).replace(LOGO, LOCAL_LOGO);
}

module.exports = function redocCspLoader(source) {
  return patchRedoc(source);
};
module.exports.patchRedoc = patchRedoc;
