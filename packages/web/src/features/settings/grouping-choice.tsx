import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { noticeGroupings, type NoticeGrouping } from '@scr/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PremiumInfoDialog } from '../premium/premium-info-dialog.tsx';

export interface GroupingChoiceProps {
  /** `transferred` or `updated`: which e-mail this grouping is for. */
  name: 'transferred' | 'updated';
  value: NoticeGrouping;
  /** The organisation has canNotifyPerBl (domain `mayUseReleaseFeature('notifyPerBl')`). */
  mayGroupPerBl: boolean;
  onChange: (grouping: NoticeGrouping) => void;
}

/**
 * One e-mail per container or one per BL (access spec §2 "Settings"). Per BL needs
 * canNotifyPerBl: without it, choosing it opens the Premium dialog and the choice stays.
 */
export function GroupingChoice({ name, value, mayGroupPerBl, onChange }: GroupingChoiceProps) {
  const { t } = useTranslation();
  const [premium, setPremium] = useState(false);
  const choose = (grouping: NoticeGrouping) => {
    if (grouping === 'bl' && !mayGroupPerBl) setPremium(true);
    else onChange(grouping);
  };
  const labelId = `settings-${name}-label`;
  return (
    <FormControl>
      <FormLabel id={labelId}>{t(`settings.grouping.${name}`)}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={name}
        value={value}
        onChange={(event) => choose(event.target.value as NoticeGrouping)}
      >
        {noticeGroupings.map((grouping) => (
          <FormControlLabel
            key={grouping}
            value={grouping}
            control={
              <Radio
                slotProps={{ input: { 'data-testid': `settings-${name}-${grouping}` } as object }}
              />
            }
            label={t(`settings.grouping.${grouping}`)}
          />
        ))}
      </RadioGroup>
      <PremiumInfoDialog
        open={premium}
        feature="canNotifyPerBl"
        onClose={() => setPremium(false)}
      />
    </FormControl>
  );
}
