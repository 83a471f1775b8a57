import {
  overviewFilterFields,
  releaseStatuses,
  transferStatuses,
  validityFilters,
  type OverviewFilter,
  type OverviewView,
} from '@scr/domain';

/** What of the overview a link carries (issue 15): the tab, the search and the filter. */
export interface OverviewLink {
  view: OverviewView;
  search: string;
  filter: OverviewFilter;
}

/** The search parameter of the search box's text; the filter's fields keep their own names. */
export const searchParam = 'q';
export const viewParam = 'view';

/** A typed value longer than this in a link is cut (the server refuses far less anyway). */
const maxParamLength = 200;

const choices: Partial<Record<keyof OverviewFilter, readonly string[]>> = {
  releaseStatus: releaseStatuses,
  transferStatus: transferStatuses,
  valid: validityFilters,
};

/**
 * The overview a link describes: unknown parameters and values outside a field's choices are
 * left out, so a hand-made or stale link opens the overview rather than an error.
 */
export function overviewFromUrl(params: URLSearchParams): OverviewLink {
  const filter: Record<string, string> = {};
  for (const field of overviewFilterFields) {
    const value = params.get(field)?.trim().slice(0, maxParamLength);
    if (!value) continue;
    const allowed = choices[field];
    if (allowed && !allowed.includes(value)) continue;
    filter[field] = value;
  }
  return {
    view: params.get(viewParam) === 'container' ? 'container' : 'bl',
    search: (params.get(searchParam) ?? '').trim().slice(0, maxParamLength),
    filter: filter as OverviewFilter,
  };
}

/**
 * The link of an overview: only what differs from arriving fresh (the BL tab, no search, valid
 * releases only), in a stable order, keeping parameters that are not the overview's.
 */
export function overviewUrl(link: OverviewLink, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of [viewParam, searchParam, ...overviewFilterFields]) next.delete(name);
  if (link.view === 'container') next.set(viewParam, 'container');
  if (link.search) next.set(searchParam, link.search);
  for (const field of overviewFilterFields) {
    const value = link.filter[field];
    if (value && !(field === 'valid' && value === 'showOnlyValid')) next.set(field, value);
  }
  return next;
}

/** Whether two links show the same overview. */
export function sameLink(a: OverviewLink, b: OverviewLink): boolean {
  return (
    overviewUrl(a, new URLSearchParams()).toString() ===
    overviewUrl(b, new URLSearchParams()).toString()
  );
}
