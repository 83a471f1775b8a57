import * as React from 'react';

/**
 * React's development build records an "owner stack" for each element it creates: a captured
 * `Error()` stack trace and a `console.createTask`, which its warnings and DevTools show as "where
 * this component was created". React stops after 10,000 of them a second (the counter
 * `recentlyCreatedOwnerStacks`, reset as each render starts a second after the last reset) and
 * gives the elements after that an "unknown owner" placeholder. A material-react-table render
 * creates tens of thousands of elements, so the web tests spent a tenth of their CPU on capturing
 * stack traces (issue 10 §7).
 *
 * In the tests the counter stays at the cap: React never captures an owner stack. Its warnings
 * (`console.error`) still appear, without the creating component's place. Nothing in the app
 * changes: this runs in the tests' setup only.
 */
export function skipOwnerStacks() {
  const internals = (React as unknown as Record<string, unknown>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE as
    { recentlyCreatedOwnerStacks?: unknown } | undefined;
  if (typeof internals?.recentlyCreatedOwnerStacks !== 'number') {
    // A React upgrade moved the counter: find `recentlyCreatedOwnerStacks` (or what replaced it)
    // in react/cjs/react.development.js, then update or remove this.
    throw new Error('React no longer counts owner stacks where src/test/owner-stacks.ts expects.');
  }
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    get: () => 10_000,
    set: () => {},
  });
}
