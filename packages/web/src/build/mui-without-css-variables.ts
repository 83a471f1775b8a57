import type { Plugin } from 'vite';

/** MUI's styles modules that choose between the two theme kinds, and the kind the portal uses. */
const withoutVariables: Record<string, string> = {
  './createTheme.js': './createThemeNoVars.js',
  './ThemeProvider.js': './ThemeProviderNoVars.js',
};

const muiStyles = /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/][^\\/]+\.js$/;

/**
 * Build-time only (vite.config.ts), never bundled. The login page's download has a budget (bench/README.md, "The web app in
 * Chromium"): MUI's `createTheme` and
 * `ThemeProvider` each import both kinds of theme, the plain one and the CSS-variables one
 * (`cssVariables`, `colorSchemes`), and choose at run time. The portal's theme (`app/theme.ts`)
 * sets neither option, for which MUI itself answers with `createThemeNoVars` and
 * `ThemeProviderNoVars` ("behaves exactly as v5"); this plugin makes MUI's styles modules import
 * those two directly, so the CSS-variables machinery (about 7 kB compressed) leaves the login
 * page's download. The default theme of a component outside any provider is made the same way.
 */
export function muiWithoutCssVariables(): Plugin {
  return {
    name: 'scr-mui-without-css-variables',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer) {
      const target = withoutVariables[source];
      if (!target || !importer || !muiStyles.test(importer)) return null;
      return this.resolve(target, importer, { skipSelf: true });
    },
  };
}
