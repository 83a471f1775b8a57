import type { Knex } from 'knex';
import type { DemoOrgKey } from './demo-organizations.ts';

/**
 * The demo's drivers, barges and trains (access spec §3; issue 11 item 8), so that the forwarder
 * and the haulier can assign at the demo's Secure Pick-up terminals: alfaPass at 1742, 869 and
 * 913, itsme at 1700 (demo-ports.ts). The itsme driver is registered already (an itsme code with
 * the names itsme gave); the alfaPass numbers are as typed, 6 digits (access spec §5).
 */
export const demoDrivers: {
  org: DemoOrgKey;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  alfaPass: string | null;
  itsmeCode: string | null;
}[] = [
  {
    org: 'haulier',
    firstName: 'Jef',
    lastName: 'Van Damme',
    email: 'jef.vandamme@waasland-transport.demo.test',
    phone: '+32 477 12 34 56',
    alfaPass: '417305',
    itsmeCode: null,
  },
  {
    org: 'haulier',
    firstName: 'Leen',
    lastName: 'Claes',
    email: 'leen.claes@waasland-transport.demo.test',
    phone: '+32 478 65 43 21',
    alfaPass: null,
    itsmeCode: 'ITSME-DEMO-LEEN-7731',
  },
  {
    org: 'forwarder1',
    firstName: 'Pieter',
    lastName: 'Wouters',
    email: 'pieter.wouters@kempen-forwarding.demo.test',
    phone: '+32 475 98 76 54',
    alfaPass: '58214',
    itsmeCode: null,
  },
];

export const demoBarges = [
  { org: 'haulier' as DemoOrgKey, name: 'Waasland Trader', eniNumber: '06003417' },
];

export const demoTrains = [
  { org: 'haulier' as DemoOrgKey, name: 'Waasland Rail Shuttle', trainCode: 'WCT-RS-01' },
];

/** Inserts the demo's transporters, in the demo loader's transaction. */
export async function loadDemoTransporters(
  trx: Knex.Transaction,
  idOf: (key: DemoOrgKey) => number,
): Promise<void> {
  await trx('drivers').insert(
    demoDrivers.map((driver) => ({
      organization_id: idOf(driver.org),
      first_name: driver.firstName,
      last_name: driver.lastName,
      email: driver.email,
      phone: driver.phone,
      alfa_pass: driver.alfaPass,
      itsme_code: driver.itsmeCode,
      itsme_given_name: driver.itsmeCode ? driver.firstName : null,
      itsme_family_name: driver.itsmeCode ? driver.lastName : null,
    })),
  );
  await trx('barges').insert(
    demoBarges.map((barge) => ({
      organization_id: idOf(barge.org),
      name: barge.name,
      eni_number: barge.eniNumber,
    })),
  );
  await trx('trains').insert(
    demoTrains.map((train) => ({
      organization_id: idOf(train.org),
      name: train.name,
      train_code: train.trainCode,
    })),
  );
}
