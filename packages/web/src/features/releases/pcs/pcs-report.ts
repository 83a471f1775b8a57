import {
  pcsDialogGroups,
  pcsExcludedGroups,
  type PcsExcludedGroup,
  type PcsReportLine,
  type RefusedRelease,
} from '@scr/domain';
import type { TFunction } from 'i18next';
import { refusedLine, stripNonAscii } from '../custody/custody-report.ts';
import type { CustodyOutcome } from '../custody/custody-flow.ts';

const place = (line: {
  blNumber: string | null;
  containerNumber: string | null;
  address: string;
}) => `${line.blNumber ?? '—'} : ${line.containerNumber ?? line.address}`;

/**
 * Releases spec §4 "In the PCS dialog, containers with no PCS, containers whose sent state
 * conflicts with the operation, and containers already transferred are listed separately and
 * excluded": the dry run's refusals in those groups (domain `pcsDialogGroups`), and any other
 * refusal with its reason, one line per container.
 */
export function excludedGroups(
  t: TFunction,
  action: CustodyOutcome['action'],
  refused: readonly RefusedRelease[],
): { group: PcsExcludedGroup | 'other'; lines: string[] }[] {
  const groups = pcsDialogGroups(refused);
  return [...pcsExcludedGroups, 'other' as const]
    .map((group) => ({
      group,
      lines: groups[group].map((release) =>
        group === 'other' ? refusedLine(t, action, release) : place(release),
      ),
    }))
    .filter(({ lines }) => lines.length > 0);
}

/** What the PCS made of each release (releases spec §8 "PCS operations show successes and errors"). */
export interface PcsReportGroups {
  done: string[];
  pending: string[];
  refused: string[];
}

/** One refused line: "BL : container — why" (the PCS's own words after, stripped as §8 says). */
function refusedText(t: TFunction, line: PcsReportLine): string {
  const reason = t(`releases.pcs.reason.${line.reason}`);
  const words = line.error ? stripNonAscii(line.error) : '';
  return `${place(line)} — ${reason}${words && words !== reason ? ` (${words})` : ''}`;
}

export function pcsReportGroups(t: TFunction, report: readonly PcsReportLine[]): PcsReportGroups {
  return {
    done: report.filter((line) => line.result === 'done').map(place),
    pending: report.filter((line) => line.result === 'pending').map(place),
    refused: report.filter((line) => line.result === 'refused').map((line) => refusedText(t, line)),
  };
}
