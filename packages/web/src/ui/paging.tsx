import TablePagination from '@mui/material/TablePagination';
import { useState } from 'react';

/** A list's page and page size, as the `$limit` and `$skip` of its query. */
export function usePaging(initialRows = 25) {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(initialRows);
  return {
    page,
    rowsPerPage,
    setPage,
    /** A new page size starts again at the first page. */
    setRowsPerPage: (rows: number) => {
      setRowsPerPage(rows);
      setPage(0);
    },
    query: { $limit: rowsPerPage, $skip: page * rowsPerPage },
  };
}

export type Paging = ReturnType<typeof usePaging>;

/**
 * The page switcher under a list, bound to its paging: the rows per page offered are the
 * portal's (`localized-components.tsx`), its words the user's language.
 */
export function PagingControls({
  paging,
  count,
}: {
  paging: Paging;
  /** All rows of the list. */
  count: number;
}) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={paging.page}
      rowsPerPage={paging.rowsPerPage}
      onPageChange={(_event, page) => paging.setPage(page)}
      onRowsPerPageChange={(event) => paging.setRowsPerPage(Number(event.target.value))}
    />
  );
}
