/**
 * How long a test waits for what the interface does next (Testing Library's `asyncUtilTimeout`,
 * set in `setup.ts`). A material-react-table render on a loaded machine can take over the
 * default second: waiting longer changes nothing for a passing test and keeps a slow one from
 * failing (issue 10 §7).
 */
export const uiWaitMs = 5000;

/**
 * The wait for an effect that comes `delayMs` after its cause (a debounce, a save or refresh
 * timer): that delay, then the usual wait. Whether it came no sooner is checked by when it
 * happened, never by a check right after the cause, which a busy machine's timer can beat.
 */
export const afterDelay = (delayMs: number) => ({ timeout: delayMs + uiWaitMs });
