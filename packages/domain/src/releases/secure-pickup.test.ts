import { describe, expect, it } from 'vitest';
import { isSecurePickup } from './secure-pickup.ts';

describe('releases spec §6 "Secure Pick-up depends on enablement per terminal and per carrier"', () => {
  it('is a secure pick-up only when terminal and carrier both have it enabled', () => {
    expect(isSecurePickup({ terminalSecurePickup: true, carrierSecurePickup: true })).toBe(true);
    expect(isSecurePickup({ terminalSecurePickup: true, carrierSecurePickup: false })).toBe(false);
    expect(isSecurePickup({ terminalSecurePickup: false, carrierSecurePickup: true })).toBe(false);
    expect(isSecurePickup({ terminalSecurePickup: false, carrierSecurePickup: false })).toBe(false);
  });
});
