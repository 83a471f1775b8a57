import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface SearchBoxProps {
  value: string;
  onChange: (text: string) => void;
  /** Enter: run the search (releases spec §2). */
  onSearch: () => void;
}

/** The overview's search box: typing changes nothing until Enter. */
export function SearchBox({ value, onChange, onSearch }: SearchBoxProps) {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      value={value}
      placeholder={t('releases.search.placeholder')}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onSearch();
        }
      }}
      sx={{ width: { xs: '100%', sm: 380 } }}
      slotProps={{
        htmlInput: {
          'data-testid': 'overview-search',
          'aria-label': t('releases.search.label'),
          title: t('releases.search.hint'),
        },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
