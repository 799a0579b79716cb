import { Anchor, Badge, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { NOTE_TYPES, type ResourceDef } from '@tc/domain';
import { fieldLabelKey } from '@tc/i18n';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '#src/api/client.ts';
import { find } from '#src/api/find.ts';
import { formatNewYork } from '#src/app/formatTime.ts';
import { notifyError, notifySuccess } from '#src/app/notify.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { useMoney } from '#src/app/useMoney.ts';
import { DataTable } from '#src/components/DataTable.tsx';
import type { Row } from './useResourcePage.ts';

interface Note {
  type: string;
  text: string;
  user?: string;
  time: string;
  pinned?: boolean;
}

/** A note as listed: where it sits in the record's notes (what a change rewrites). */
type Listed = Note & { at: number };

/**
 * The record's notes, pinned ones first, then newest first: add one, change its text, delete it,
 * pin or unpin it. Each change writes the notes with the record's version; a refused one is told.
 */
export function NotesTab({ def, record }: { def: ResourceDef; record: Row }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [type, setType] = useState<string | null>('general');
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const all = Array.isArray(record.notes) ? (record.notes as Note[]) : [];
  const listed: Listed[] = all
    .map((n, at) => ({ ...n, at }))
    .sort((a, b) => Number(!!b.pinned) - Number(!!a.pinned) || b.at - a.at);
  const write = async (notes: Note[]) => {
    try {
      await call('update', {
        col: def.collection,
        query: { _id: record._id },
        data: { notes, _version: record._version },
      });
      await queryClient.invalidateQueries({ queryKey: ['find', def.collection] });
      return true;
    } catch (err) {
      notifyError(err);
      return false;
    }
  };
  const change = (at: number, patch: Partial<Note> | null) =>
    write(all.flatMap((n, i) => (i !== at ? [n] : patch === null ? [] : [{ ...n, ...patch }])));
  // a few notes: the columns are made with each render, their actions reading the record's notes and version
  const columns: ColumnDef<Listed, unknown>[] = [
    { id: 'time', header: t('history.time'), cell: (c) => formatNewYork(c.row.original.time) },
    { id: 'user', accessorKey: 'user', header: t('history.user') },
    { id: 'type', header: t('form.noteType'), cell: (c) => t(`values.noteType.${c.row.original.type}`) },
    {
      id: 'text',
      header: t('form.note'),
      cell: (c) => (
        <Group gap={6} wrap="nowrap">
          {c.row.original.pinned ? <Badge size="xs">{t('form.pinned')}</Badge> : null}
          <span>{c.row.original.text}</span>
        </Group>
      ),
    },
    {
      id: 'actions',
      header: '',
      cell: (c) => {
        const n = c.row.original;
        return (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <Button size="compact-xs" variant="subtle" onClick={() => void change(n.at, { pinned: !n.pinned })}>
              {t(n.pinned ? 'form.unpin' : 'form.pin')}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => {
                setEditing(n.at);
                setType(n.type);
                setText(n.text);
              }}
            >
              {t('form.editNote')}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() =>
                modals.openConfirmModal({
                  title: t('form.deleteNote'),
                  children: n.text,
                  labels: { confirm: t('form.deleteNote'), cancel: t('common.cancel') },
                  confirmProps: { color: 'red' },
                  onConfirm: () => void change(n.at, null),
                })
              }
            >
              {t('form.deleteNote')}
            </Button>
          </Group>
        );
      },
    },
  ];
  const save = async () => {
    if (!type || !text.trim()) return;
    const done =
      editing === null
        ? await write([...all, { type, text: text.trim(), user: user?.name, time: new Date().toISOString() }])
        : await change(editing, { type, text: text.trim() });
    if (done) {
      setText('');
      setEditing(null);
    }
  };
  return (
    <Stack>
      <Group align="end">
        <Select
          label={t('form.noteType')}
          data={NOTE_TYPES.map((n) => ({ value: n, label: t(`values.noteType.${n}`) }))}
          value={type}
          onChange={setType}
          w={200}
        />
        <Textarea
          label={t('form.note')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: 1 }}
          autosize
        />
        {editing !== null ? (
          <Button
            variant="default"
            onClick={() => {
              setEditing(null);
              setText('');
            }}
          >
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button onClick={save} disabled={!text.trim()}>
          {t(editing === null ? 'form.addNote' : 'form.saveNote')}
        </Button>
      </Group>
      <DataTable data={listed} columns={columns} />
    </Stack>
  );
}

interface JobRow {
  _id: number;
  date: string;
  status: string;
  price?: number;
  paymentType?: string;
}

/** The passenger's reservations with a price: what they paid and how. */
export function PaymentsTab({ record }: { record: Row }) {
  const { t } = useTranslation();
  const money = useMoney();
  const jobs = useQuery({
    queryKey: ['find', 'jobs', 'payments', record._id],
    queryFn: () =>
      find<JobRow>({
        col: 'jobs',
        query: { passenger: record._id, price: { $gt: 0 } },
        sort: { date: -1 },
        limit: 100,
      }),
  });
  const columns = useMemo<ColumnDef<JobRow, unknown>[]>(
    () => [
      { id: '_id', accessorKey: '_id', header: t(fieldLabelKey('jobs', '_id')) },
      { id: 'date', accessorKey: 'date', header: t(fieldLabelKey('jobs', 'date')) },
      {
        id: 'status',
        header: t(fieldLabelKey('jobs', 'status')),
        cell: (c) => t(`values.jobStatus.${c.row.original.status}`),
      },
      {
        id: 'price',
        header: t('form.price'),
        cell: (c) => (c.row.original.price === undefined ? '' : money.format(c.row.original.price)),
      },
      {
        id: 'paymentType',
        header: t('form.paymentType'),
        cell: (c) => (c.row.original.paymentType ? t(`values.paymentType.${c.row.original.paymentType}`) : ''),
      },
    ],
    [t, money],
  );
  return <DataTable data={jobs.data?.data ?? []} columns={columns} loading={jobs.isLoading} />;
}

/**
 * The parents linked to a student (users with the parent role whose children hold this student); a
 * parent of the student's site can be linked here and a linked one unlinked (addparent / delparent).
 */
export function LinkedParentsTab({ record }: { record: Row }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mayEdit = can('parents', 'edit');
  const parents = useQuery({
    queryKey: ['find', 'users', 'parentsOf', record._id],
    queryFn: () => find<Row>({ col: 'users', query: { role: 'parent', children: record._id }, limit: 100 }),
  });
  const linkable = useQuery({
    enabled: mayEdit,
    queryKey: ['find', 'users', 'parentsOfSite', record.unit],
    queryFn: () =>
      find<Row>({
        col: 'users',
        query: { role: 'parent', unit: record.unit },
        sort: { lastName: 1 },
        project: { firstName: 1, lastName: 1, email: 1, children: 1 },
        limit: 1000,
      }),
  });
  const link = async (act: 'addparent' | 'delparent', parent: number) => {
    setBusy(true);
    try {
      await call(act, { parent, child: record._id });
      notifySuccess(t(act === 'addparent' ? 'form.parentLinked' : 'form.parentUnlinked'));
      setChosen(null);
      await queryClient.invalidateQueries({ queryKey: ['find', 'users'] });
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  // a few rows: the columns are made on each render (they read busy and the latest record)
  const columns: ColumnDef<Row, unknown>[] = [
    {
      id: 'name',
      header: t('form.name'),
      cell: (c) => `${c.row.original.firstName ?? ''} ${c.row.original.lastName ?? ''}`,
    },
    { id: 'email', accessorKey: 'email', header: t('form.email') },
    { id: 'phone', accessorKey: 'phone', header: t('form.phone') },
    ...(mayEdit
      ? [
          {
            id: 'unlink',
            header: '',
            cell: (c) => (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                disabled={busy}
                aria-label={t('form.unlinkParentOf', {
                  name: `${c.row.original.firstName ?? ''} ${c.row.original.lastName ?? ''}`.trim(),
                })}
                onClick={() => void link('delparent', c.row.original._id)}
              >
                {t('form.unlinkParent')}
              </Button>
            ),
          } satisfies ColumnDef<Row, unknown>,
        ]
      : []),
  ];
  const linked = new Set((parents.data?.data ?? []).map((p) => p._id));
  const options = (linkable.data?.data ?? [])
    .filter((p) => !linked.has(p._id))
    .map((p) => ({
      value: String(p._id),
      label: `${p.firstName ?? ''} ${p.lastName ?? ''}${p.email ? ` (${String(p.email)})` : ''}`.trim(),
    }));
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('form.linkedParentsHint')}
      </Text>
      <DataTable data={parents.data?.data ?? []} columns={columns} loading={parents.isLoading} />
      {mayEdit ? (
        <Group align="end">
          <Select
            label={t('form.linkParent')}
            data={options}
            value={chosen}
            onChange={setChosen}
            searchable
            clearable
            nothingFoundMessage={t('common.noResults')}
            w={360}
          />
          <Button disabled={!chosen || busy} onClick={() => chosen && void link('addparent', Number(chosen))}>
            {t('form.link')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** The passengers of a profile: users with the passenger role whose profiles hold it, each linking to its page. */
export function LinkedPassengersTab({ record }: { record: Row }) {
  const { t } = useTranslation();
  const passengers = useQuery({
    queryKey: ['find', 'users', 'passengersOf', record._id],
    queryFn: () =>
      find<Row>({
        col: 'users',
        query: { role: 'passenger', profiles: record._id },
        sort: { lastName: 1 },
        limit: 1000,
        count: true,
      }),
  });
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('form.name'),
        cell: (c) => (
          <Anchor component={Link} to={`/passengers/edit/${c.row.original._id}`} size="sm">
            {`${c.row.original.firstName ?? ''} ${c.row.original.lastName ?? ''}`.trim() || `#${c.row.original._id}`}
          </Anchor>
        ),
      },
      { id: 'email', accessorKey: 'email', header: t('form.email') },
      { id: 'phone', accessorKey: 'phone', header: t('form.phone') },
    ],
    [t],
  );
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('form.linkedPassengersHint')} {t('jobs.total', { count: passengers.data?.count ?? 0 })}
      </Text>
      <DataTable data={passengers.data?.data ?? []} columns={columns} loading={passengers.isLoading} />
    </Stack>
  );
}
