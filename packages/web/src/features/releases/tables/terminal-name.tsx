import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useTerminals } from '../api/use-lookups.ts';
import { none } from './cells.tsx';

/**
 * Issue 15: a terminal as people know it, by name ("PSA Europa Terminal"), with its code in a
 * tooltip; an unknown code shows as it is.
 */
export function TerminalName({
  code,
  maxWidth,
}: {
  code: string | null | undefined;
  /** Wrap the name within this width (the container tab's narrow cells). */
  maxWidth?: number;
}) {
  const { terminals } = useTerminals();
  if (!code) return <>{none}</>;
  const terminal = terminals.find((item) => item.code === code);
  if (!terminal) return <>{code}</>;
  return (
    <Tooltip title={`${terminal.code} · ${terminal.portName}`}>
      <Box
        component="span"
        data-testid="terminal-name"
        data-code={code}
        sx={
          maxWidth ? { display: 'block', maxWidth, minWidth: 100, whiteSpace: 'normal' } : undefined
        }
      >
        {terminal.name}
      </Box>
    </Tooltip>
  );
}
