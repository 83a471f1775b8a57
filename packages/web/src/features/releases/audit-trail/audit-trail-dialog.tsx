import DownloadIcon from '@mui/icons-material/Download';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  evidenceBundleFileName,
  maxAuditTrailReleases,
  releaseFeatureGates,
  type ContainerRow,
  type EvidenceScope,
} from '@scr/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../api/errors.ts';
import { FeatureGate } from '../../premium/feature-gate.tsx';
import { PremiumPromo } from '../../premium/premium-promo.tsx';
import { releaseKeys } from '../api/query-keys.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import { auditTrailCsv, auditTrailFileName } from './audit-trail-csv.ts';
import { AuditTrailTable } from './audit-trail-table.tsx';
import { saveTextFile } from './save-text-file.ts';

export interface AuditTrailDialogProps {
  /** One release, a BL's containers or a selection; the first 500 are read. */
  rows: readonly ContainerRow[];
  onClose: () => void;
}

/**
 * Releases spec §2 "Audit trail dialog (table plus CSV download)": every ledger event of the
 * releases, with whether it verifies; without canAuditTrail the promotional frame (§6).
 */
export function AuditTrailDialog({ rows, onClose }: AuditTrailDialogProps) {
  const { t } = useTranslation();
  // On a phone the trail takes the whole screen (issue 15).
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const close = (
    <Button onClick={onClose} data-testid="audit-trail-close">
      {t('releases.close')}
    </Button>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="xl"
      fullScreen={fullScreen}
      data-testid="audit-trail-dialog"
      aria-labelledby="audit-trail-title"
    >
      <DialogTitle id="audit-trail-title">{t('releases.auditTrail.title')}</DialogTitle>
      <FeatureGate
        feature={releaseFeatureGates.auditTrail}
        fallback={
          <>
            <DialogContent>
              <PremiumPromo feature={releaseFeatureGates.auditTrail} />
            </DialogContent>
            <DialogActions>{close}</DialogActions>
          </>
        }
      >
        <AuditTrailBody rows={rows} close={close} />
      </FeatureGate>
    </Dialog>
  );
}

function AuditTrailBody({ rows, close }: { rows: readonly ContainerRow[]; close: ReactNode }) {
  const { t } = useTranslation();
  const api = useReleasesApi();
  const addresses = [...new Set(rows.map((row) => row.address))];
  const asked = addresses.slice(0, maxAuditTrailReleases);
  const trail = useQuery({
    // Under the overview's key: a change to these releases makes their trail stale too.
    queryKey: [...releaseKeys.overview, 'audit-trail', asked],
    queryFn: () => api.auditTrail(asked),
  });
  const download = () => {
    if (trail.data) saveTextFile(auditTrailFileName(), auditTrailCsv(trail.data, t));
  };
  const evidenceScope = evidenceScopeOf(rows);
  const evidence = useMutation({
    mutationFn: (scope: EvidenceScope) => api.evidenceBundle(scope),
    onSuccess: (bundle) =>
      saveTextFile(
        evidenceBundleFileName(bundle.scope, new Date(bundle.exportedAt)),
        `${JSON.stringify(bundle, null, 2)}\n`,
        'application/json',
      ),
  });
  return (
    <>
      <DialogContent>
        {evidence.isError ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="audit-trail-evidence-error">
            {describeApiError(evidence.error, t)}
          </Alert>
        ) : null}
        {addresses.length > asked.length ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="audit-trail-capped">
            {t('releases.auditTrail.capped', { count: asked.length, total: addresses.length })}
          </Alert>
        ) : null}
        {trail.isPending ? (
          <CircularProgress size={24} aria-label={t('releases.loading')} />
        ) : trail.isError ? (
          <Alert severity="error">{describeApiError(trail.error, t)}</Alert>
        ) : trail.data.length === 0 ? (
          <Typography color="text.secondary">{t('releases.auditTrail.empty')}</Typography>
        ) : (
          <AuditTrailTable entries={trail.data} />
        )}
      </DialogContent>
      <DialogActions>
        <Tooltip
          title={t(
            evidenceScope
              ? 'releases.auditTrail.exportEvidenceHint'
              : 'releases.auditTrail.exportEvidenceOneOnly',
          )}
        >
          {/* A disabled button takes no pointer events: the tooltip listens on its wrapper. */}
          <span>
            <Button
              startIcon={evidence.isPending ? <CircularProgress size={16} /> : <VerifiedUserIcon />}
              onClick={() => evidenceScope && evidence.mutate(evidenceScope)}
              disabled={!evidenceScope || evidence.isPending}
              data-testid="audit-trail-export-evidence"
            >
              {t('releases.auditTrail.exportEvidence')}
            </Button>
          </span>
        </Tooltip>
        <Button
          startIcon={<DownloadIcon />}
          onClick={download}
          disabled={!trail.data?.length}
          data-testid="audit-trail-download"
        >
          {t('releases.auditTrail.download')}
        </Button>
        {close}
      </DialogActions>
    </>
  );
}

/**
 * What the evidence export is of (docs/ledger.md, "Evidence bundles"): the container shown, or the
 * BL when the dialog shows several containers of one BL; null for a selection across BLs.
 */
export function evidenceScopeOf(rows: readonly ContainerRow[]): EvidenceScope | null {
  const containers = new Set(rows.map((row) => row.containerNumber));
  if (containers.size === 1) return { containerNumber: [...containers][0]! };
  const bills = new Set(rows.map((row) => row.blNumber));
  return bills.size === 1 ? { blNumber: [...bills][0]! } : null;
}
