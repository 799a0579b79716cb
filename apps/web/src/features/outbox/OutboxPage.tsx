import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNewYork } from '#src/app/formatTime.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { DataTable } from '#src/components/DataTable.tsx';
import { LinkifiedText } from '#src/components/LinkifiedText.tsx';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { OutboxLink } from './OutboxLink.tsx';
import { type OutboxMail, useOutbox } from './useOutbox.ts';

/** The mail outbox: how password mails reach people when no mail server is configured. */
export function OutboxPage() {
  const { t } = useTranslation();
  const outbox = useOutbox();
  const isOwner = !!useSession().user?.isOwner;
  const [search, setSearch] = useState('');
  const columns = useMemo<ColumnDef<OutboxMail, unknown>[]>(
    () => [
      { id: 'time', accessorKey: 'time', header: t('outbox.time'), cell: (c) => formatNewYork(c.row.original.time) },
      { id: 'to', accessorKey: 'to', header: t('outbox.to') },
      { id: 'subject', accessorKey: 'subject', header: t('outbox.subject') },
      {
        id: 'text',
        accessorKey: 'text',
        header: t('outbox.body'),
        enableSorting: false,
        cell: (c) => <LinkifiedText text={c.row.original.text ?? ''} />,
      },
      {
        id: 'link',
        header: t('outbox.link'),
        enableSorting: false,
        cell: (c) => (c.row.original.hasLink ? <OutboxLink id={c.row.original._id} isOwner={isOwner} /> : null),
      },
    ],
    [t, isOwner],
  );
  return (
    <Stack>
      <PageTitle>{t('screens.outbox')}</PageTitle>
      <Text c="dimmed" size="sm">
        {t('outbox.intro')}
      </Text>
      <TextInput
        label={t('common.search')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={360}
      />
      {outbox.error ? <Alert color="red">{serverErrorText(outbox.error)}</Alert> : null}
      <DataTable
        data={outbox.data?.data ?? []}
        columns={columns}
        search={search}
        initialSorting={[{ id: 'time', desc: true }]}
        loading={outbox.isLoading}
      />
    </Stack>
  );
}
