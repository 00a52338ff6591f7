/**
 * The dashboard's figures per day as a sortable table (@tanstack/react-table): every series in a
 * column, a total row, and column headings that sort (aria-sort tells screen readers which); a
 * heading toggles between descending and ascending, never back to unsorted.
 */
import { useMemo, useState } from 'react';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_SERIES, type TDashboardAnswer, type TDashboardSeries } from '@cupido/shared/contracts/dashboard';
import { TableScroll } from '../ui/table-scroll';

type Row = { day: string } & Record<TDashboardSeries, number>;
const column = createColumnHelper<Row>();

export function FiguresTable({ data, id }: { data: TDashboardAnswer; id: string }) {
  const { t } = useTranslation('dashboard');
  const [sorting, setSorting] = useState<SortingState>([{ id: 'day', desc: true }]);
  const rows = useMemo<Row[]>(
    () =>
      data.days.map((day, i) => ({
        day,
        ...(Object.fromEntries(DASHBOARD_SERIES.map((s) => [s, data.series[s][i] ?? 0])) as Record<TDashboardSeries, number>),
      })),
    [data],
  );
  const columns = useMemo(
    () => [
      column.accessor('day', { header: () => t('table.day'), sortingFn: 'alphanumeric' }),
      ...DASHBOARD_SERIES.map((s) => column.accessor(s, { header: () => t(`series.${s}`), sortDescFirst: true })),
    ],
    [t],
  );
  // The table's functions change with its state; this component re-renders with it and is small, so no memoising is lost.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    enableSortingRemoval: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const totals = DASHBOARD_SERIES.map((s) => rows.reduce((sum, r) => sum + r[s], 0));

  return (
    <TableScroll label={t('table.title')}>
      <table className="table table-sm table-striped align-middle" id={id}>
        <caption className="caption-top">
          <span className="h5 d-block text-body">{t('table.title')}</span>
          <span className="small">{t('table.sort_hint')}</span>
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                    className={header.column.id === 'day' ? '' : 'text-end'}
                  >
                    <button
                      type="button"
                      className="btn btn-link btn-sm p-0 text-decoration-none fw-semibold"
                      onClick={header.column.getToggleSortingHandler()}
                    >
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) =>
                cell.column.id === 'day' ? (
                  <th key={cell.id} scope="row" className="fw-normal text-nowrap">
                    {cell.getValue<string>()}
                  </th>
                ) : (
                  <td key={cell.id} className="text-end">
                    {cell.getValue<number>().toLocaleString('en')}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('table.total')}</th>
            {totals.map((total, i) => (
              <td key={DASHBOARD_SERIES[i]} className="text-end fw-semibold">
                {total.toLocaleString('en')}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
