import { describe, expect, it } from 'vitest';
import {
  applyGreenLightEvent,
  greenLightColor,
  greenLightKind,
  greenLightKinds,
  greenLightValue,
  greenLightValues,
  heldForScan,
  showsGreenLights,
  statusAfterLights,
  totalGreenLight,
  type GreenLights,
} from './green-lights.ts';
import { unblockedStatus } from './lifetime.ts';

const at = '2030-01-01T10:00:00.000Z';
const light = (color: 'green' | 'yellow' | 'gray' | 'red') => ({
  value: 'x',
  color,
  updatedAt: at,
});

describe('releases spec §3 "Traffic-light (Green Lights) data": the seven kinds', () => {
  it('reads every kind however it is spelt', () => {
    expect(greenLightKinds).toHaveLength(7);
    expect(greenLightKind('Commercial release')).toBe('commercialrelease');
    expect(greenLightKind('TERMINAL_OPERATION')).toBe('terminaloperation');
    expect(greenLightKind('pick-up light')).toBe('pickuplight');
    expect(greenLightKind('weather')).toBeNull();
  });
});

describe('releases spec §4 "Green Light event values"', () => {
  it.each([
    ['commercialrelease', ['ok', 'nok', 'blocked', 'expired', 'archived', 'unknown']],
    [
      'customs',
      [
        'released',
        'not released',
        'documentary control',
        'selected for scan',
        'port equalisation',
        'transhipment',
        'FAVV',
        'manual overwrite',
        'not applicable',
      ],
    ],
    ['gateoperation', ['gate out received', 'cancelled']],
    ['pickuplight', ['assigned', 'revoked', 'unknown']],
    [
      'terminaloperation',
      [
        'loaded',
        'discharged',
        'gate in',
        'loaded cancelled',
        'discharged cancelled',
        'gate in cancelled',
      ],
    ],
  ] as const)('%s takes the spec’s values', (kind, values) => {
    for (const value of values) expect(greenLightValue(kind, value), value).not.toBeNull();
    expect(Object.keys(greenLightValues[kind])).toHaveLength(values.length);
    expect(greenLightValue(kind, 'sunny')).toBeNull();
  });

  it('colours: green when the container may go, yellow while checked, red when it may not, gray unknown', () => {
    expect(greenLightColor('customs', 'released')).toBe('green');
    expect(greenLightColor('customs', 'selectedForScan')).toBe('yellow');
    expect(greenLightColor('customs', 'notReleased')).toBe('red');
    expect(greenLightColor('commercialrelease', 'blocked')).toBe('red');
    expect(greenLightColor('commercialrelease', 'unknown')).toBe('gray');
    expect(greenLightColor('terminaloperation', 'dischargedCancelled')).toBe('red');
  });
});

describe('releases spec §3 "a total color"', () => {
  it('red over yellow over green; green only once commercial release, customs and terminal are', () => {
    expect(totalGreenLight({})).toBe('gray');
    expect(totalGreenLight({ customs: light('green') })).toBe('gray');
    const ready = {
      commercialrelease: light('green'),
      customs: light('green'),
      terminalready: light('green'),
    };
    expect(totalGreenLight(ready)).toBe('green');
    expect(totalGreenLight({ ...ready, customsprogress: light('yellow') })).toBe('yellow');
    expect(
      totalGreenLight({ ...ready, customsprogress: light('yellow'), pickuplight: light('red') }),
    ).toBe('red');
  });

  it('applies an event, keeps a newer light against a late one, and knows an unchanged one', () => {
    const first = applyGreenLightEvent(null, { kind: 'customs', value: 'released', at }, 'Port');
    expect(first).toMatchObject({ changed: true, stale: false });
    expect(first.lights).toEqual({
      events: { customs: { value: 'released', color: 'green', updatedAt: at } },
      total: 'gray',
      source: 'Port',
    } satisfies GreenLights);
    const late = applyGreenLightEvent(
      first.lights,
      { kind: 'customs', value: 'notReleased', at: '2029-12-31T10:00:00.000Z' },
      'Port',
    );
    expect(late).toMatchObject({ changed: false, stale: true, lights: first.lights });
    expect(
      applyGreenLightEvent(first.lights, { kind: 'customs', value: 'released', at }, 'Port'),
    ).toMatchObject({ changed: false, stale: false });
  });

  it('compares by the sender’s time only when both the event and the light held carry it', () => {
    const received = '2030-01-02T08:00:00.000Z';
    // No time from the sender: stamped on receipt, and ordered by arrival.
    const stamped = applyGreenLightEvent(
      null,
      { kind: 'customs', value: 'selectedForScan', at: received, stampedOnReceipt: true },
      'Port',
    );
    expect(stamped.lights.events.customs).toEqual({
      value: 'selectedForScan',
      color: 'yellow',
      updatedAt: received,
      stampedOnReceipt: true,
    });
    // A sender time earlier than the receipt stamp is not stale: the two clocks differ.
    const dated = applyGreenLightEvent(
      stamped.lights,
      { kind: 'customs', value: 'released', at: '2030-01-02T07:00:00.000Z' },
      'Port',
    );
    expect(dated).toMatchObject({ changed: true, stale: false });
    expect(dated.lights.events.customs).not.toHaveProperty('stampedOnReceipt');
    // An undated event after a dated light is the newest by arrival.
    const undated = applyGreenLightEvent(
      dated.lights,
      { kind: 'customs', value: 'notReleased', at: received, stampedOnReceipt: true },
      'Port',
    );
    expect(undated).toMatchObject({ changed: true, stale: false });
    expect(undated.lights.events.customs!.value).toBe('notReleased');
    // The same value again, undated, changes nothing.
    expect(
      applyGreenLightEvent(
        undated.lights,
        {
          kind: 'customs',
          value: 'notReleased',
          at: '2030-01-02T09:00:00.000Z',
          stampedOnReceipt: true,
        },
        'Port',
      ),
    ).toMatchObject({ changed: false, stale: false });
    // Two sender times: the older is stale.
    expect(
      applyGreenLightEvent(
        dated.lights,
        { kind: 'customs', value: 'notReleased', at: '2030-01-02T06:00:00.000Z' },
        'Port',
      ),
    ).toMatchObject({ changed: false, stale: true });
  });
});

describe('releases spec §4 "Release status": blocked for scanning by customs', () => {
  const lights = (value: string) =>
    applyGreenLightEvent(null, { kind: 'customs', value, at }, 'Port').lights;

  it('holds a released release while customs has its container selected for scan', () => {
    expect(heldForScan(lights('selectedForScan'))).toBe(true);
    expect(heldForScan(lights('released'))).toBe(false);
    expect(heldForScan(null)).toBe(false);
    expect(statusAfterLights('released', lights('selectedForScan'), 'released')).toBe(
      'blockedForScanning',
    );
  });

  it('lets it go when customs releases it (a green value), to released or expired', () => {
    for (const value of ['released', 'portEqualisation', 'transhipment', 'manualOverwrite']) {
      expect(statusAfterLights('blockedForScanning', lights(value), 'released')).toBe('released');
    }
    expect(statusAfterLights('blockedForScanning', lights('released'), 'expired')).toBe('expired');
    // Not released yet (red or yellow): still held.
    expect(statusAfterLights('blockedForScanning', lights('notReleased'), 'released')).toBe(
      'blockedForScanning',
    );
  });

  it('leaves a carrier’s block, an expiry, a deletion and a gate-out as they are', () => {
    for (const status of ['blocked', 'expired', 'deleted', 'gateout'] as const) {
      expect(statusAfterLights(status, lights('selectedForScan'), 'released')).toBe(status);
    }
    expect(statusAfterLights('released', lights('released'), 'released')).toBe('released');
  });

  it('an unblock finds the scan: blocked for scanning, not released', () => {
    const release = { validUntil: '2099-01-01' as const, releasedOn: '2026-01-01' as const };
    expect(unblockedStatus(release, '2026-06-01', lights('selectedForScan'))).toBe(
      'blockedForScanning',
    );
    expect(unblockedStatus(release, '2026-06-01', lights('released'))).toBe('released');
    expect(unblockedStatus(release, '2100-01-01', lights('selectedForScan'))).toBe('expired');
  });
});

describe('releases spec §4 "Traffic light", §6 canGreenLights: where it is shown', () => {
  const terminal = (code: string, portLocode = 'BEANR', greenLightsShown = true) => ({
    code,
    portLocode,
    greenLightsShown,
  });
  const may = { canGreenLights: true };

  it('at BEANR terminals, for viewers with canGreenLights', () => {
    expect(showsGreenLights(terminal('1742'), may)).toBe(true);
    expect(showsGreenLights(terminal('1742'), { canGreenLights: false })).toBe(false);
    expect(showsGreenLights(terminal('RTM-DELTA', 'NLRTM'), may)).toBe(false);
    expect(showsGreenLights(null, may)).toBe(false);
    expect(showsGreenLights(terminal('1742', 'BEANR', false), may)).toBe(false);
  });

  it.each(['CSP120', 'K420', '120', '420'])('never at %s', (code) => {
    expect(showsGreenLights(terminal(code), may)).toBe(false);
  });
});
