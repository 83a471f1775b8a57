/**
 * Full-page navigations, in one object so tests can replace them (jsdom cannot navigate):
 * `vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {})`.
 */
export const pageNavigation = {
  reload: () => window.location.reload(),
  assign: (url: string) => window.location.assign(url),
};
