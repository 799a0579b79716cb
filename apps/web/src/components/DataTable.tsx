import { Table } from '@mantine/core';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useId, useState } from 'react';
import { TableEmpty } from './TableEmpty.tsx';

/** What a column may say about its cells besides tanstack's definition: numbers align right. */
export interface DataColumnMeta {
  align?: 'left' | 'right';
}

const alignOf = (meta: unknown) => (meta as DataColumnMeta | undefined)?.align;

export interface DataTableProps<T> {
  data: T[];
  columns: ColumnDef<T, unknown>[];
  /** Text the rows are filtered by (tanstack's global filter). */
  search?: string;
  initialSorting?: SortingState;
  caption?: string;
  /** The table's accessible name where a heading above names it (no visible caption). */
  label?: string;
  loading?: boolean;
  /** What the table says when it has no rows ("No results" unless told). */
  empty?: string;
  /** A totals line under the rows (each column's `footer`), kept when the rows are sorted. */
  footer?: boolean;
  /** The smallest width before the table scrolls sideways (600 px). */
  minWidth?: number;
}

/** A client-side table: tanstack-table's models rendered with Mantine's Table. */
export function DataTable<T>({
  data,
  columns,
  search,
  initialSorting = [],
  caption,
  label,
  loading,
  empty,
  footer = false,
  minWidth = 600,
}: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const table = useReactTable({
    data,
    columns,
    state: { sorting, globalFilter: search ?? '' },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });
  const rows = table.getRowModel().rows;
  const emptyId = useId();
  return (
    <>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          aria-label={label}
          aria-describedby={rows.length === 0 ? emptyId : undefined}
        >
          {caption ? <Table.Caption>{caption}</Table.Caption> : null}
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => (
                  <Table.Th
                    key={header.id}
                    ta={alignOf(header.column.columnDef.meta)}
                    onClick={header.column.getToggleSortingHandler()}
                    style={{ cursor: header.column.getCanSort() ? 'pointer' : undefined, whiteSpace: 'nowrap' }}
                    aria-sort={
                      header.column.getIsSorted() === 'asc'
                        ? 'ascending'
                        : header.column.getIsSorted() === 'desc'
                          ? 'descending'
                          : undefined
                    }
                  >
                    {flexRender(header.column.columnDef.header, header.getContext())}
                    {{ asc: ' ▲', desc: ' ▼' }[header.column.getIsSorted() as string] ?? null}
                  </Table.Th>
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id} ta={alignOf(cell.column.columnDef.meta)} style={{ verticalAlign: 'top' }}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {footer ? (
            <Table.Tfoot>
              {table.getFooterGroups().map((group) => (
                <Table.Tr key={group.id} fw={700}>
                  {group.headers.map((header) => (
                    <Table.Td key={header.id} ta={alignOf(header.column.columnDef.meta)}>
                      {flexRender(header.column.columnDef.footer, header.getContext())}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tfoot>
          ) : null}
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 ? <TableEmpty id={emptyId} loading={loading} text={empty} /> : null}
    </>
  );
}
