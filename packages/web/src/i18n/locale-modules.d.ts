/** A part of a locale file (`build/locale-parts-plugin.ts`). */
declare module '*.json?part=core' {
  const strings: Record<string, unknown>;
  export default strings;
}
declare module '*.json?part=features' {
  const strings: Record<string, unknown>;
  export default strings;
}
