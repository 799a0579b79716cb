import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  /** Pages in all (at least 1). */
  pages: number;
  onPage: (page: number) => void;
}

/** Page links of a paged list (up to 7, spec section 9), each control named for screen readers. */
export function Pager({ page, pages, onPage }: PagerProps) {
  const { t } = useTranslation();
  const total = Math.max(1, pages);
  return (
    <Pagination
      total={total}
      value={Math.min(Math.max(1, page), total)}
      onChange={onPage}
      siblings={1}
      boundaries={1}
      getControlProps={(control) => ({ 'aria-label': t(`table.page.${control}`) })}
      getItemProps={(p) => ({ 'aria-label': t('table.page.number', { page: p }) })}
    />
  );
}
