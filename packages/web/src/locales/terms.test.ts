import { downloadWords, languages, type Language } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { adminLocales } from '../features/admin/admin-i18n.ts';
import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import it_ from './it.json';
import nl from './nl.json';

const locales = { en, fr, nl, de, it: it_ } satisfies Record<Language, object>;

type Tree = { [key: string]: string | Tree };

/** Every text of a tree. */
const textsOf = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : textsOf(value)));

/**
 * DESIGN §5: one concept, one word in each language. The dashboard names what the overview's
 * table names (a chart of the release status is titled as the column is), and so do the secure
 * pick-up table, the filter and the downloaded files (domain `downloadWords`).
 */
describe('DESIGN §5: the same concept has the same words everywhere in a language', () => {
  it.each(languages)('%s: the dashboard uses the table’s words', (language) => {
    const { releases } = locales[language];
    const { dashboard, columns, filter } = releases;
    expect({
      releaseStatus: dashboard.charts.releaseStatus,
      transferStatus: dashboard.charts.transferStatus,
      pickupLocation: dashboard.charts.pickupLocation,
      portOfDestination: dashboard.charts.portOfDestination,
      valid: dashboard.charts.valid,
      expired: dashboard.valid.expired,
      expiresIn1: dashboard.valid.expiresIn1,
    }).toEqual({
      releaseStatus: columns.releaseStatus,
      transferStatus: columns.transferStatus,
      pickupLocation: columns.pickupLocation,
      portOfDestination: columns.portOfDestination,
      valid: filter.fields.valid,
      expired: releases.releaseStatus.expired,
      expiresIn1: releases.validity.expiresIn1,
    });
  });

  it.each(languages)(
    '%s: the filter, the secure pick-up table and the files use the table’s words',
    (language) => {
      const { releases, securePickup } = locales[language];
      const { columns } = releases;
      const words = downloadWords[language];
      // The filter's turn-in location searches all three (truck, barge, rail): a concept of its own.
      const { turnInLocation: _all, ...filtered } = releases.filter.fields;
      const fromColumns = (keys: readonly string[]) =>
        Object.fromEntries(keys.map((key) => [key, (columns as Record<string, string>)[key]]));
      expect(filtered).toEqual({
        ...fromColumns(Object.keys(filtered).filter((key) => key !== 'valid')),
        valid: filtered.valid,
      });
      expect(securePickup.column).toMatchObject({
        bl_number: columns.blNumber,
        container_number: columns.containerNumber,
        agent: columns.agent,
        pickup_location: columns.pickupLocation,
        valid_from: columns.validFrom,
        valid_until: columns.validUntil,
        release_status: columns.releaseStatus,
      });
      const { carrier: _carrier, assignee: _assignee, ...shared } = words.columns;
      expect(shared).toEqual(fromColumns(Object.keys(shared)));
      expect(words.releaseStatus).toEqual(releases.releaseStatus);
      expect(words.transferStatus).toEqual(releases.transferStatus);
      // A transport order's BL and containers are the overview's.
      const order = locales[language].documents.types.transportOrder.fields;
      expect({
        blNumber: order.blNumber,
        vessel: order.vessel,
        containerNumber: order.containerNumber,
        containerType: order.containerType,
      }).toEqual({
        blNumber: columns.blNumber,
        vessel: columns.vessel,
        containerNumber: columns.containerNumber,
        containerType: columns.isoTypeCode,
      });
    },
  );
});

/** An apostrophe: a straight or typographic one between two letters (l’heure, Lloyd's). */
const apostrophes = /(?<=\p{L})['’](?=\p{L})/gu;

describe('DESIGN §5: each language writes one kind of apostrophe', () => {
  it.each(languages)('%s uses one kind of apostrophe in all its texts', (language) => {
    const texts = [
      ...textsOf(locales[language] as Tree),
      ...textsOf(adminLocales[language] as Tree),
      ...textsOf(downloadWords[language] as unknown as Tree),
    ];
    const kinds = new Set(texts.flatMap((text) => text.match(apostrophes) ?? []));
    expect(kinds.size).toBeLessThanOrEqual(1);
  });

  it('finds both kinds when a language mixes them', () => {
    const kinds = new Set("Lieu d'enlèvement, l’heure".match(apostrophes));
    expect(kinds).toEqual(new Set(["'", '’']));
  });
});
