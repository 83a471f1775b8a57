import {
  getDefaultColumnOrderIds,
  type MRT_ColumnDef,
  type MRT_RowData,
  type MRT_TableInstance,
} from 'material-react-table';
import { useEffect } from 'react';

/**
 * Keeps a table's columns in the order of their definitions. material-react-table appends a
 * column that arrives after the first render at the end (the pickup method, releases spec §2,
 * once the assign locations answer); the overview's tables cannot be reordered by hand, so the
 * definitions' order (the spec's) is put back whenever the columns change.
 */
export function useColumnsInOrder<T extends MRT_RowData>(
  table: MRT_TableInstance<T>,
  columns: readonly MRT_ColumnDef<T>[],
): void {
  useEffect(() => {
    table.setColumnOrder(getDefaultColumnOrderIds(table.options, true));
  }, [table, columns]);
}
