import type { Language } from '@scr/domain';
import type { Knex } from 'knex';

export interface DemoAssignLocation {
  code: string;
  labels: Record<Language, string>;
  /** The display order; 999 leaves the location unordered (domain `unorderedAssignLocation`). */
  order: number;
  /** Terminal codes of `demoTerminals` (demo-ports.ts). */
  terminals: string[];
}

/** "Secure pick-up ({how})" in each language, with the releases pages' own words for it. */
const securePickup = (how: string): Record<Language, string> => ({
  en: `Secure pick-up (${how})`,
  fr: `Enlèvement sécurisé (${how})`,
  nl: `Beveiligde ophaling (${how})`,
  de: `Sichere Abholung (${how})`,
  it: `Ritiro sicuro (${how})`,
});

/**
 * Releases spec §2 "pickupMethod", §3 "assignLocationLabel": how the demo's terminals want their
 * containers picked up. Antwerp's Secure Pick-up terminals check the driver's alfaPass, Port of
 * Limburg's the itsme identity (domain `portIdentificationMethods`); the other terminals hand
 * out a pincode, unordered. K420 is an empty depot without pincodes: in no location.
 */
export const demoAssignLocations: DemoAssignLocation[] = [
  {
    code: 'BEANR-ALFAPASS',
    labels: securePickup('alfaPass'),
    order: 1,
    terminals: ['1742', '869', '913'],
  },
  { code: 'BEGNK-ITSME', labels: securePickup('itsme'), order: 2, terminals: ['1700'] },
  {
    code: 'PINCODE',
    labels: { en: 'Pincode', fr: 'Code PIN', nl: 'Pincode', de: 'PIN-Code', it: 'Codice PIN' },
    order: 999,
    terminals: ['1333', 'CSP120', '120', '420', 'ZEE-CSP', 'RTM-DELTA'],
  },
];

/** Inserts the demo's assign locations and puts its terminals in them (after the terminals). */
export async function loadDemoAssignLocations(trx: Knex.Transaction): Promise<void> {
  await trx('assign_locations')
    .insert(
      demoAssignLocations.map((location) => ({
        code: location.code,
        labels: JSON.stringify(location.labels),
        sort_order: location.order,
      })),
    )
    .onConflict('code')
    .ignore();
  for (const location of demoAssignLocations) {
    await trx('terminals')
      .whereIn('code', location.terminals)
      .whereNull('assign_location_code')
      .update({ assign_location_code: location.code });
  }
}
