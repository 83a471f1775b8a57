import { describe, expect, it } from 'vitest';
import { MemoryWalletState } from './wallet-state.ts';

describe("a standalone wallet's state in memory (issue 42 item 1)", () => {
  it('keeps a value until it expires or is deleted, and counts in windows', async () => {
    let now = 0;
    const state = new MemoryWalletState(() => now);
    await state.put('v', 'wrapped', 1_000);
    expect(await state.get('v')).toBe('wrapped');
    await state.put('v', 'again', 1_000);
    expect(await state.get('v')).toBe('again');
    now = 999;
    expect(await state.get('v')).toBe('again');
    now = 1_000;
    expect(await state.get('v')).toBeNull();
    expect(state.entries()).toEqual([]);

    await state.put('w', 'x', 1_000);
    expect(await state.hit('c', 500)).toEqual({ count: 1, resetAt: 1_500 });
    expect(await state.hit('c', 500)).toEqual({ count: 2, resetAt: 1_500 });
    expect(await state.peek('c')).toEqual({ count: 2, resetAt: 1_500 });
    await state.delete('w', 'c');
    expect(await state.get('w')).toBeNull();
    expect(await state.peek('c')).toBeNull();
  });

  it('sweeps the expired values away, so nothing of an expired wallet stays in memory', async () => {
    let now = 0;
    const state = new MemoryWalletState(() => now);
    await state.put('old', 'a', 100);
    await state.put('new', 'b', 1_000);
    now = 500;
    state.sweep();
    expect(state.entries()).toEqual([['new', 'b']]);
  });
});
