import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Issue 15: the search runs this long after the typing stops. */
export const searchDebounceMs = 400;

export interface SearchBoxProps {
  value: string;
  /** The search the overview shows now. */
  applied: string;
  onChange: (text: string) => void;
  /** Runs the search (releases spec §2: Enter; issue 15: also as the user types). */
  onSearch: () => void;
}

/**
 * The overview's search box: the search runs as the user types, once the typing has paused for
 * `searchDebounceMs`, and at once on Enter.
 */
export function SearchBox({ value, applied, onChange, onSearch }: SearchBoxProps) {
  const { t } = useTranslation();
  const pending = value.trim() !== applied;
  // The latest callback, so a re-render of the page does not restart the wait.
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => search.current(), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [value, pending]);
  return (
    <TextField
      size="small"
      type="search"
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
      helperText={t('releases.search.hint')}
      slotProps={{
        htmlInput: {
          'data-testid': 'overview-search',
          'aria-label': t('releases.search.label'),
        },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
        formHelperText: { sx: { mx: 0 } },
      }}
    />
  );
}
