import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { documentTypes } from '@scr/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FeatureGate } from '../premium/feature-gate.tsx';
import { useDebounced } from '../secure-pickup/use-debounced.ts';
import { labelKeys } from './document-labels.ts';
import { DocumentScreen } from './document-screen.tsx';
import { DocumentsTable } from './documents-table.tsx';

/** A search runs once typing pauses, as the terminal's (access spec §9: 500 ms). */
const documentSearchDebounceMs = 500;

/**
 * /documents (access spec §2 "Documents", behind canDocuments): the table of the organisation's
 * own and received documents with a menu of document types to create from, and the view/edit
 * screen of one (`?id=`) or of a new one (`?new={type}`), so the route itself stays exact.
 */
export function DocumentsPage() {
  return (
    <FeatureGate feature="canDocuments">
      <Documents />
    </FeatureGate>
  );
}

function Documents() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const newTypeId = params.get('new') ?? undefined;
  if (newTypeId !== undefined || id > 0) {
    return (
      <DocumentScreen
        id={id > 0 ? id : undefined}
        newTypeId={newTypeId}
        onBack={() => setParams({})}
        onCreated={(created) => setParams({ id: String(created) }, { replace: true })}
      />
    );
  }
  return <DocumentList onOpen={(next) => setParams(next)} />;
}

function DocumentList({ onOpen }: { onOpen: (params: Record<string, string>) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim(), documentSearchDebounceMs);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  return (
    <Box data-testid="documents-page">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2, gap: 2 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {t('documents.title')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={(event) => setMenu(event.currentTarget)}
          data-testid="document-new"
        >
          {t('documents.new')}
        </Button>
        <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
          {documentTypes.map((type) => (
            <MenuItem
              key={type.id}
              onClick={() => onOpen({ new: type.id })}
              data-testid={`document-new-${type.id}`}
            >
              {t(labelKeys.title(type))}
            </MenuItem>
          ))}
        </Menu>
      </Box>
      <TextField
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('documents.search')}
        size="small"
        sx={{ mb: 2, width: 360, maxWidth: '100%' }}
        slotProps={{
          htmlInput: { 'data-testid': 'documents-search', maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <DocumentsTable key={settled} search={settled} onOpen={(id) => onOpen({ id: String(id) })} />
    </Box>
  );
}
