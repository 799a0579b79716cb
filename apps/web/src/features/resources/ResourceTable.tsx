import { Box, Checkbox, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowSelectionState,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { COLUMN_WIDTH, type ColumnSpec, type ResourceDef, STATUS_FIELDS, statusColor } from '@tc/domain';
import { fieldLabelKey } from '@tc/i18n';
import { type CSSProperties, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTableInteractive } from '#src/app/perf/renderTiming.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { TableEmpty } from '#src/components/TableEmpty.tsx';
import { ColumnFilter } from './ColumnFilter.tsx';
import { cellText, type RefLabels } from './cellValue.ts';
import classes from './ResourceTable.module.css';
import type { TableState } from './tableState.ts';
import type { Row } from './useResourcePage.ts';

export interface ResourceTableProps {
  def: ResourceDef;
  /** The screen's route (`/assign-priority`): links go to `<basePath>/edit/<id>`. */
  basePath: string;
  rows: Row[];
  refs: RefLabels;
  loading: boolean;
  state: TableState;
  onState: (patch: Partial<TableState>) => void;
  selection: RowSelectionState;
  onSelection: (next: RowSelectionState) => void;
}

/** Where a record opens: its own page (`detailPage`: a trip), else its edit form. */
export function recordPath(def: ResourceDef, basePath: string, id: number): string {
  return def.actions?.includes('detailPage') ? `${basePath}/${id}` : `${basePath}/edit/${id}`;
}

/** The rows of a resource: server-sorted, filterable per column, resizable, selectable (spec "Lists"). */
export function ResourceTable({
  def,
  basePath,
  rows,
  refs,
  loading,
  state,
  onState,
  selection,
  onSelection,
}: ResourceTableProps) {
  const { t } = useTranslation();
  const { template } = useSession();
  const emptyId = useId();
  useTableInteractive(rows);
  // the labels of referenced records change with every page; the columns read them at render time,
  // so the column model is built once per resource, not once per page
  const refsNow = useRef(refs);
  refsNow.current = refs;
  const columns = useMemo<ColumnDef<Row, unknown>[]>(() => {
    const select: ColumnDef<Row, unknown> = {
      id: '_select',
      size: 36,
      enableResizing: false,
      header: ({ table }) => (
        <Checkbox
          size="xs"
          aria-label={t('table.selectAll')}
          checked={table.getIsAllRowsSelected()}
          indeterminate={table.getIsSomeRowsSelected()}
          onChange={table.getToggleAllRowsSelectedHandler()}
        />
      ),
      // plain elements in cells: a page has 100 rows of them and must be interactive within 100 ms
      cell: ({ row }) => (
        <input
          type="checkbox"
          className={classes.check}
          aria-label={t('table.selectRow', { id: row.original._id })}
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    };
    return [
      select,
      ...def.columns.map<ColumnDef<Row, unknown>>((c) => {
        const status = c.format === 'enum' && STATUS_FIELDS.has(c.field);
        // a status column fits its longest label: a status is never cut
        const fit = status ? statusWidth(c.options ?? [], (v) => t(`values.${c.optionsKey}.${v}`)) : 0;
        const header = t(fieldLabelKey(def.key, c.field), { context: template });
        return {
          id: c.field,
          header,
          minSize: Math.max(COLUMN_WIDTH.min, fit),
          maxSize: c.wide ? COLUMN_WIDTH.maxAllowed : COLUMN_WIDTH.max,
          size: Math.max(fit, columnSize(c, header)),
          cell: ({ row }) => {
            const text = cellText(c, row.original, t, refsNow.current);
            if ((status || c.format === 'alert') && text) {
              const color = status ? statusColor(row.original[c.field]) : 'red';
              return (
                <span
                  className={classes.status}
                  style={
                    {
                      '--status-bg': `var(--mantine-color-${color}-light)`,
                      '--status-fg': `var(--mantine-color-${color}-light-color)`,
                    } as CSSProperties
                  }
                >
                  {text}
                </span>
              );
            }
            if (c.link) {
              return (
                <Link className={classes.link} to={recordPath(def, basePath, row.original._id)}>
                  {text || `#${row.original._id}`}
                </Link>
              );
            }
            // long addresses: the first characters, the whole text as the cell's tooltip
            if (c.tooltipOver && text.length > c.tooltipOver) {
              return (
                <span className={classes.cell} title={text}>
                  {`${text.slice(0, c.tooltipOver)}…`}
                </span>
              );
            }
            return <span className={classes.cell}>{text}</span>;
          },
        };
      }),
    ];
  }, [def, basePath, t, template]);

  const visibility: VisibilityState = Object.fromEntries(state.hidden.map((f) => [f, false]));
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (r) => String(r._id),
    state: { columnVisibility: visibility, rowSelection: selection },
    onRowSelectionChange: (u) => onSelection(typeof u === 'function' ? u(selection) : u),
    enableRowSelection: true,
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    columnResizeMode: 'onChange',
    getCoreRowModel: getCoreRowModel(),
  });

  const sortBy = (field: string) => {
    const dir = state.sort[field];
    onState({ sort: { [field]: dir === 1 ? -1 : 1 }, page: 0 });
  };

  return (
    <>
      <Table.ScrollContainer minWidth={600}>
        {/* the columns' widths at least, stretched to the page's width when they leave room */}
        <Table
          striped
          highlightOnHover
          verticalSpacing={6}
          style={{ tableLayout: 'fixed', width: '100%', minWidth: table.getTotalSize() }}
          aria-describedby={rows.length === 0 ? emptyId : undefined}
        >
          {/* widths once per column, not per cell (fixed table layout reads them from here) */}
          <colgroup>
            {table.getVisibleLeafColumns().map((column) => (
              <col key={column.id} style={{ width: column.getSize() }} />
            ))}
          </colgroup>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const spec = def.columns.find((c) => c.field === header.id);
                  const dir = spec ? state.sort[spec.field] : undefined;
                  return (
                    <Table.Th
                      key={header.id}
                      style={{ width: header.getSize(), position: 'relative', whiteSpace: 'nowrap' }}
                      aria-sort={dir === 1 ? 'ascending' : dir === -1 ? 'descending' : undefined}
                    >
                      {spec ? (
                        <Group gap={4} wrap="nowrap">
                          {spec.sortable === false ? (
                            <Text size="sm" fw={600} truncate="end">
                              {flexRender(header.column.columnDef.header, header.getContext())}
                            </Text>
                          ) : (
                            <UnstyledButton onClick={() => sortBy(spec.field)} style={{ overflow: 'hidden' }}>
                              <Group gap={2} wrap="nowrap">
                                <Text size="sm" fw={600} truncate="end">
                                  {flexRender(header.column.columnDef.header, header.getContext())}
                                </Text>
                                {dir === 1 ? (
                                  <IconArrowUp size={12} />
                                ) : dir === -1 ? (
                                  <IconArrowDown size={12} />
                                ) : null}
                              </Group>
                            </UnstyledButton>
                          )}
                          <ColumnFilter
                            resource={def.key}
                            column={spec}
                            label={String(header.column.columnDef.header)}
                            value={state.filters[spec.field]}
                            onChange={(v) => {
                              const filters = { ...state.filters };
                              if (v === undefined) delete filters[spec.field];
                              else filters[spec.field] = v;
                              onState({ filters, page: 0 });
                            }}
                          />
                        </Group>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                      {header.column.getCanResize() ? (
                        <Box
                          onMouseDown={header.getResizeHandler()}
                          onTouchStart={header.getResizeHandler()}
                          aria-hidden
                          style={{
                            position: 'absolute',
                            right: 0,
                            top: 0,
                            height: '100%',
                            width: 5,
                            cursor: 'col-resize',
                            userSelect: 'none',
                            touchAction: 'none',
                          }}
                        />
                      ) : null}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={row.getIsSelected() ? classes.selected : classes.row}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={classes.td}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 ? <TableEmpty id={emptyId} loading={loading} /> : null}
    </>
  );
}

/** Starting widths by what a column holds: short ids, dates and numbers narrow, places and wide texts wide. */
const WIDTH_OF: Partial<Record<NonNullable<ColumnSpec['format']>, number>> = {
  date: 110,
  datetime: 150,
  bool: 90,
  money: 100,
  enum: 120,
  alert: 90,
  place: 200,
  list: 180,
  refs: 180,
};

/**
 * A column's starting width: what its values need (by format; an id 80), never less than its
 * header with the sort and filter marks, at most the spec's 200 px unless wide (320).
 */
export function columnSize(c: Pick<ColumnSpec, 'field' | 'format' | 'wide'>, header: string): number {
  const values = c.wide ? 320 : c.field === '_id' ? 80 : (WIDTH_OF[c.format ?? 'text'] ?? 150);
  const label = 48 + header.length * 8;
  return Math.min(Math.max(values, label), c.wide ? COLUMN_WIDTH.maxAllowed : COLUMN_WIDTH.max);
}

/** The width a status column needs for its longest label (badge padding and the cell's included). */
export function statusWidth(options: readonly string[], label: (value: string) => string): number {
  const longest = Math.max(0, ...options.map((o) => label(o).length));
  return Math.min(COLUMN_WIDTH.max, 40 + longest * 8);
}
