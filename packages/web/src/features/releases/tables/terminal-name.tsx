import Tooltip from '@mui/material/Tooltip';
import { useTerminals } from '../api/use-lookups.ts';
import { none } from './cells.tsx';

/**
 * Issue 15: a terminal as people know it, by name ("PSA Europa Terminal"), with its code in a
 * tooltip; an unknown code shows as it is.
 */
export function TerminalName({ code }: { code: string | null | undefined }) {
  const { terminals } = useTerminals();
  if (!code) return <>{none}</>;
  const terminal = terminals.find((item) => item.code === code);
  if (!terminal) return <>{code}</>;
  return (
    <Tooltip title={`${terminal.code} · ${terminal.portName}`}>
      <span data-testid="terminal-name" data-code={code}>
        {terminal.name}
      </span>
    </Tooltip>
  );
}
