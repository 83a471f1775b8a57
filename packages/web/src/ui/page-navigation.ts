/**
 * Full-page navigations, in one object so tests can replace them (jsdom cannot navigate):
 * `vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {})`. `leaving` is set once the
 * app itself leaves the page (the session-expired alert's Close, a reload after logout): the
 * before-unload prompt (`leave-warning.ts`) then stays quiet.
 */
export const pageNavigation = {
  leaving: false,
  reload: () => {
    pageNavigation.leaving = true;
    window.location.reload();
  },
  assign: (url: string) => {
    pageNavigation.leaving = true;
    window.location.assign(url);
  },
};
