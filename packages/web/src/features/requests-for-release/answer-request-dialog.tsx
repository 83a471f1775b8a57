import type { RequestForRelease } from '@scr/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CreateReleaseDialog } from '../releases/dialogs/create-release-dialog.tsx';
import { answerRequest, requestKeys } from './requests-api.ts';

/** The first requested container that no release answers yet ('' when all are, or none). */
export function nextContainer(request: RequestForRelease): string {
  const released = new Set(request.releases.map((release) => release.containerNumber));
  return request.containers.find((container) => !released.has(container)) ?? '';
}

/**
 * The carrier answers a request for release by creating its releases (issue 12 item 3): the
 * create-release dialog, with the request's BL locked and its next container filled in; the
 * release it sends is created by the request's answer, which links it to the request.
 */
export function AnswerRequestDialog({
  request,
  onClose,
}: {
  request: RequestForRelease;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <CreateReleaseDialog
      onClose={onClose}
      title={t('requestsForRelease.answer.title', { blNumber: request.blNumber })}
      initial={{ blNumber: request.blNumber, containerNumber: nextContainer(request) }}
      locked={['blNumber']}
      send={async (input) => {
        const answered = await answerRequest(request.id, [input]);
        await queryClient.invalidateQueries({ queryKey: requestKeys.all });
        return answered;
      }}
    />
  );
}
