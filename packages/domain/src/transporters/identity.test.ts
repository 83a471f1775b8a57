import { describe, expect, it } from 'vitest';
import {
  driverIdentification,
  identificationRequired,
  identificationsEnded,
  sameDriver,
} from './identity.ts';

const jan = {
  firstName: 'Jan',
  lastName: 'Peeters',
  email: 'jan@haulier.be',
  phone: '0470 12 34 56',
};

describe('access spec §5 "Duplicate driver"', () => {
  it('same first and last name, case-insensitive', () => {
    expect(sameDriver(jan, { firstName: ' JAN', lastName: 'peeters' })).toBe(true);
  });

  it('same e-mail, case-insensitive', () => {
    expect(sameDriver(jan, { firstName: 'Other', lastName: 'Name', email: 'Jan@Haulier.BE' })).toBe(
      true,
    );
  });

  it('same phone digits, whatever the separators', () => {
    expect(sameDriver(jan, { firstName: 'Other', lastName: 'Name', phone: '0470/123456' })).toBe(
      true,
    );
  });

  it('another driver is not a duplicate; empty e-mails and phones never match', () => {
    expect(sameDriver(jan, { firstName: 'Jan', lastName: 'Janssens' })).toBe(false);
    expect(
      sameDriver(
        { firstName: 'A', lastName: 'B', email: null, phone: '' },
        { firstName: 'C', lastName: 'D', email: '', phone: null },
      ),
    ).toBe(false);
  });
});

describe('access spec §2 "Identification required"', () => {
  it('flags a driver with neither alfaPass nor itsmeCode', () => {
    expect(identificationRequired({ alfaPass: null, itsmeCode: null })).toBe(true);
    expect(identificationRequired({ alfaPass: '12345', itsmeCode: null })).toBe(false);
    expect(identificationRequired({ alfaPass: null, itsmeCode: 'itsme-sub' })).toBe(false);
  });

  it('a driver is identified by its alfaPass first, else its itsme code', () => {
    expect(driverIdentification({ alfaPass: '12345', itsmeCode: 'x' })).toEqual({
      identification: '12345',
      identificationType: 'alfapass',
    });
    expect(driverIdentification({ itsmeCode: 'x' })).toEqual({
      identification: 'x',
      identificationType: 'itsme',
    });
    expect(driverIdentification({})).toBeNull();
  });
});

describe('access spec §4 "Drivers, barges, trains": what a PATCH unassigns', () => {
  const driver = { alfaPass: '123456', itsmeCode: 'sub-1', isActive: true };

  it('deactivating ends every identification', () => {
    expect(identificationsEnded('driver', driver, { isActive: false })).toEqual([
      '123456',
      'sub-1',
    ]);
    expect(
      identificationsEnded('barge', { eniNumber: '02324567', isActive: true }, { isActive: false }),
    ).toEqual(['02324567']);
  });

  it('changing the identifier (driver Alfapass, barge ENI number, train code) ends the old one', () => {
    expect(identificationsEnded('driver', driver, { alfaPass: '654321' })).toEqual(['123456']);
    expect(identificationsEnded('driver', driver, { alfaPass: null })).toEqual(['123456']);
    expect(
      identificationsEnded('barge', { eniNumber: '02324567', isActive: true }, { eniNumber: '1' }),
    ).toEqual(['02324567']);
    expect(
      identificationsEnded('train', { trainCode: 'LN12', isActive: true }, { trainCode: 'LN13' }),
    ).toEqual(['LN12']);
  });

  it('other changes, the same identifier, or an inactive one end nothing', () => {
    expect(identificationsEnded('driver', driver, { alfaPass: '123456' })).toEqual([]);
    expect(identificationsEnded('driver', driver, { email: 'x@y.be' } as never)).toEqual([]);
    expect(
      identificationsEnded('driver', { ...driver, isActive: false }, { alfaPass: '1' }),
    ).toEqual([]);
    expect(
      identificationsEnded('train', { trainCode: 'LN12', isActive: true }, { isActive: true }),
    ).toEqual([]);
  });
});
