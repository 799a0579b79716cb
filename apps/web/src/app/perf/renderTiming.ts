import { useEffect } from 'react';

/**
 * Render timing of server-paged tables (bench/table): a mark when a page of data arrives, and a
 * measure `table:interactive` once its rows are on screen and the main thread is free again
 * (after the next paint, at the first task that could handle a click).
 */
export const TABLE_DATA_MARK = 'table:data';
export const TABLE_INTERACTIVE_MEASURE = 'table:interactive';
/** Data arrival to the rows committed to the DOM (React's share of the time). */
export const TABLE_RENDER_MEASURE = 'table:render';

export function markTableData(): void {
  performance.mark(TABLE_DATA_MARK);
}

/** Call in the table with the rows shown: measures from the last data mark when they change. */
export function useTableInteractive(rows: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page of rows is what is being timed
  useEffect(() => {
    if (performance.getEntriesByName(TABLE_DATA_MARK, 'mark').length === 0) return;
    performance.measure(TABLE_RENDER_MEASURE, TABLE_DATA_MARK);
    const frame = requestAnimationFrame(() => {
      setTimeout(() => {
        if (performance.getEntriesByName(TABLE_DATA_MARK, 'mark').length === 0) return;
        performance.measure(TABLE_INTERACTIVE_MEASURE, TABLE_DATA_MARK);
        performance.clearMarks(TABLE_DATA_MARK);
      }, 0);
    });
    return () => cancelAnimationFrame(frame);
  }, [rows]);
}
