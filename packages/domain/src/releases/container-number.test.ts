import { describe, expect, it } from 'vitest';
import {
  containerCheckDigit,
  containerNumberProblem,
  normalizeContainerNumber,
} from './container-number.ts';

describe('issue 15, releases spec §3 containerNumber: ISO 6346 check digit', () => {
  it.each([
    ['CSQU305438', 3],
    ['MSCU123456', 6],
    ['TGHU512093', 7],
    // A sum of 10 modulo 11 reads as 0.
    ['SOLU220531', 4],
  ])('the check digit of %s is %i', (firstTen, digit) => {
    expect(containerCheckDigit(firstTen)).toBe(digit);
  });

  it('skips the multiples of 11 in the letter values (A=10 … K=21, V=34)', () => {
    // Only the owner code differs: each letter's weight is 1, so the sums differ by the values.
    const sum = (letter: string) => containerCheckDigit(`${letter}AAU000000`);
    expect(sum('B') - sum('A')).toBe(2); // A=10, B=12: 11 is skipped
  });

  it('normalises case, spaces and separators before checking', () => {
    expect(normalizeContainerNumber(' csqu 305438-3 ')).toBe('CSQU3054383');
    expect(containerNumberProblem('csqu 305438-3')).toBeNull();
  });

  it('names the problem: length, shape or check digit', () => {
    expect(containerNumberProblem('CSQU30543830')).toBe('containerNumberLength');
    expect(containerNumberProblem('CSQA3054383')).toBe('containerNumberShape');
    expect(containerNumberProblem('CSQU3054384')).toBe('checkDigit');
  });
});
