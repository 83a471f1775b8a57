import { useEffect } from 'react';

/**
 * Releases spec §2: a warning appears before the page closes while a wallet transfer is in
 * progress. Browsers show their own words; the message is for those that still show ours.
 */
export function useLeaveWarning(active: boolean, message: string) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask through `returnValue`.
      event.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active, message]);
}
