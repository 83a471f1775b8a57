import { useEffect } from 'react';
import { pageNavigation } from './page-navigation.ts';

interface LeaveWarning {
  message: string;
  /** 0: the prompt that is always there; 1: work in progress, shown on top of it. */
  level: 0 | 1;
}

/** The warnings in force, in the order they came. */
const warnings: LeaveWarning[] = [];

/** The one that speaks: the latest work in progress, else the prompt that is always there. */
function topWarning(): LeaveWarning | undefined {
  return warnings.findLast((warning) => warning.level === 1) ?? warnings.at(-1);
}

function prompt(event: BeforeUnloadEvent) {
  const warning = topWarning();
  if (!warning || pageNavigation.leaving) return;
  event.preventDefault();
  // Browsers show their own words; older ones ask through `returnValue`.
  event.returnValue = warning.message;
  return warning.message;
}

/**
 * Access spec §2 "App shell", releases spec §2 "Warnings": the browser asks before the page
 * closes or reloads while `active`. The shell's prompt is always active (`level` 0); a wallet
 * transfer or a download in progress (`level` 1) puts its own warning on top. The app's own
 * full-page navigations (`pageNavigation`) are not asked about.
 */
export function useLeaveWarning(active: boolean, message: string, level: 0 | 1 = 1) {
  useEffect(() => {
    if (!active) return;
    const warning: LeaveWarning = { message, level };
    if (warnings.length === 0) window.addEventListener('beforeunload', prompt);
    warnings.push(warning);
    return () => {
      warnings.splice(warnings.indexOf(warning), 1);
      if (warnings.length === 0) window.removeEventListener('beforeunload', prompt);
    };
  }, [active, message, level]);
}
