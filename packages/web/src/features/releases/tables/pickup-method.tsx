import {
  assignLocationAt,
  assignLocationLabel,
  billOfLadingAssignLocation,
  type BillOfLadingRow,
} from '@scr/domain';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { useAssignLocations } from '../api/use-lookups.ts';
import { CellText } from './cells.tsx';

/** How wide a pickup method's label may grow before it takes a second line. */
const pickupMethodWidth = 140;

/**
 * Releases spec §2 "pickupMethod" (tab 2): the label of the assign location the container's
 * pickup location lies in, in the language shown; "—" outside every location.
 */
export function ContainerPickupMethod({ pickupLocation }: { pickupLocation: string }) {
  const { i18n } = useTranslation();
  const { locations } = useAssignLocations();
  const location = assignLocationAt(pickupLocation, locations);
  return (
    <PickupMethodText
      text={location ? assignLocationLabel(location, currentLanguage(i18n)) : null}
      code={location?.code}
    />
  );
}

/**
 * Releases spec §2 "pickupMethod" (tab 1), §3 "assignLocationLabel": the BL's pickup method,
 * as the server names it (domain `billOfLadingAssignLocation` over its containers), in the
 * language shown; the server's label while the locations load.
 */
export function BillOfLadingPickupMethod({ bl }: { bl: BillOfLadingRow }) {
  const { i18n } = useTranslation();
  const { locations } = useAssignLocations();
  const location = billOfLadingAssignLocation(
    bl.containers.map((container) => container.pickupLocation),
    locations,
  );
  return (
    <PickupMethodText
      text={
        location ? assignLocationLabel(location, currentLanguage(i18n)) : bl.assignLocationLabel
      }
      code={location?.code}
    />
  );
}

function PickupMethodText({ text, code }: { text: string | null; code: string | undefined }) {
  return (
    <span data-testid="pickup-method" data-code={code ?? ''}>
      <CellText text={text} narrow={pickupMethodWidth} />
    </span>
  );
}
