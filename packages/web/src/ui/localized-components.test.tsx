import Autocomplete from '@mui/material/Autocomplete';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-app.tsx';
import { formatDay, formatMoment, formatNumber } from './formats.ts';

function Picker() {
  return (
    <>
      <Autocomplete
        options={['Anvers', 'Gand']}
        value="Anvers"
        renderInput={(params) => <TextField {...params} label="Port" />}
      />
      <TablePagination
        component="div"
        count={1234}
        page={0}
        rowsPerPage={10}
        onPageChange={() => undefined}
      />
    </>
  );
}

describe('issue 15: MUI’s own words in the user’s language, one paging style', () => {
  it('gives Autocomplete’s clear and open buttons French tooltips', async () => {
    renderWithProviders(<Picker />, { language: 'fr' });
    // The clear button shows on hover or focus; both carry their tooltip as title and name.
    expect(await screen.findByTitle('Effacer')).toHaveAttribute('aria-label', 'Effacer');
    expect(screen.getByTitle('Ouvrir la liste')).toHaveAttribute('aria-label', 'Ouvrir la liste');
  });

  it('pages every table alike: 10, 25 or 50 rows, "1-10 de 1 234"', async () => {
    renderWithProviders(<Picker />, { language: 'fr' });
    expect(await screen.findByText('Lignes par page')).toBeInTheDocument();
    expect(screen.getByText(/^1-10 de 1\s234$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aller à la page suivante' })).toBeInTheDocument();
  });

  it('writes dates DD/MM/YYYY and moments on the Brussels clock whatever the language', () => {
    expect(formatDay('2026-11-23')).toBe('23/11/2026');
    expect(formatMoment('2026-11-23T14:19:00Z')).toBe('23/11/2026 15:19');
    expect(formatMoment(null)).toBe('—');
    expect(formatNumber(5001, 'en')).toBe('5,001');
    expect(formatNumber(5001, 'de')).toBe('5.001');
  });
});
