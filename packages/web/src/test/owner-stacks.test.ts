import { createElement } from 'react';
import { describe, expect, it } from 'vitest';

type DebugElement = { _debugStack?: unknown };

describe('the tests capture no owner stack (src/test/owner-stacks.ts, issue 10 §7)', () => {
  it("gives every element React's one placeholder instead of a stack trace of its own", () => {
    const first = createElement('div') as unknown as DebugElement;
    const second = createElement('span') as unknown as DebugElement;
    // React's development build still records a debug stack: the shared "unknown owner" one.
    expect(first._debugStack).toBeInstanceOf(Error);
    expect(second._debugStack).toBe(first._debugStack);
  });
});
