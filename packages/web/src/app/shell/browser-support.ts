/**
 * Brands built on Chromium that announce themselves next to "Chrome/" but are neither Chrome
 * nor Edge; the product's notices require Chrome or Edge (access spec §1).
 */
const otherChromiumBrands = /\b(OPR|Opera|SamsungBrowser|YaBrowser|Vivaldi|UCBrowser|Whale)\//;

/**
 * Whether the browser is Chrome or Edge on Chromium (access spec §1: "Chrome or Edge are
 * required"). Headless Chrome counts as Chrome. Chrome and Edge on iOS are Safari underneath,
 * and legacy Edge ("Edge/") is not Chromium, so neither counts.
 */
export function isSupportedBrowser(userAgent: string): boolean {
  if (otherChromiumBrands.test(userAgent)) return false;
  if (/\bEdg\//.test(userAgent)) return true;
  if (/\bEdge\//.test(userAgent)) return false;
  return /\b(Headless)?(Chrome|Chromium)\/\d/.test(userAgent);
}
