import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/useSession.ts';
import { useSite, useUnits } from './useSite.ts';

function SiteChooser() {
  const { t } = useTranslation();
  const { site, setSite } = useSite();
  const units = useUnits();
  return (
    <Select
      aria-label={t('site.label')}
      placeholder={t('site.all')}
      size="xs"
      w={200}
      clearable
      searchable
      value={site == null ? null : String(site)}
      onChange={(value) => setSite(value ? Number(value) : null)}
      data={(units.data?.data ?? []).map((unit) => ({ value: String(unit._id), label: unit.name }))}
    />
  );
}

/** Admins pick the site that scopes the data; other users see their own site. */
export function SiteSelector() {
  const { t } = useTranslation();
  const { canChoose } = useSite();
  const { user } = useSession();
  if (canChoose) return <SiteChooser />;
  return (
    <Text size="sm" c="dimmed" aria-label={t('site.label')}>
      {user?.unitName ?? ''}
    </Text>
  );
}
