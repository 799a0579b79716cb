import { Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

export interface PageTitleProps {
  children: string;
}

/** The heading of a page, also shown in the browser tab. */
export function PageTitle({ children }: PageTitleProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${children} · ${t('app.name')}`);
  return <Title order={2}>{children}</Title>;
}
