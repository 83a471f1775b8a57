import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';

/**
 * What a route names itself in the browser's tab (issue 15): a translation key, or a function of
 * the page's query string for pages with views of their own (the overview's tabs).
 */
export type PageTitle = string | ((search: URLSearchParams) => string);

/** A route's `handle` with its title. */
export interface TitledHandle {
  title: PageTitle;
}

const titleOf = (handle: unknown): PageTitle | undefined => {
  const title = (handle as Partial<TitledHandle> | undefined)?.title;
  return typeof title === 'string' || typeof title === 'function' ? title : undefined;
};

/** The tab's text: the deepest titled route's title, then the product's name. */
export function documentTitle(
  t: (key: string) => string,
  handles: readonly unknown[],
  search: string,
): string {
  const product = t('shell.productName');
  const title = handles.map(titleOf).findLast((found) => found !== undefined);
  if (!title) return product;
  const key = typeof title === 'function' ? title(new URLSearchParams(search)) : title;
  return `${t(key)} · ${product}`;
}

/** Keeps `document.title` on the current page's title, in the current language. */
export function DocumentTitle() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const { search } = useLocation();
  const title = documentTitle(
    t,
    matches.map((match) => match.handle),
    search,
  );
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
  return null;
}
