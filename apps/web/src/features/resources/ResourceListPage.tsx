import { Alert, Anchor, Button, Checkbox, Group, Menu, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconColumns, IconDownload, IconFilterOff, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import type { RowSelectionState } from '@tanstack/react-table';
import { FILTER_DEBOUNCE_MS, hasAction, localDay, PAGE_SIZES, type ResourceDef } from '@tc/domain';
import { fieldLabelKey } from '@tc/i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '#src/api/client.ts';
import { subRouteAllowed, titleKey } from '#src/app/navigation/access.ts';
import type { ScreenDef } from '#src/app/navigation/screens.ts';
import { useViewer } from '#src/app/navigation/useViewer.ts';
import { notifyError, notifySuccess } from '#src/app/notify.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { useSite, useSiteTimeZone, useUnits } from '#src/app/site/useSite.ts';
import { DayNavigator } from '#src/components/DayNavigator.tsx';
import { Pager } from '#src/components/Pager.tsx';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { cellText } from './cellValue.ts';
import { downloadText, toCsv } from './csv.ts';
import { ResourceTable } from './ResourceTable.tsx';
import { canDeleteBySite, tableQuery } from './resourceQuery.ts';
import { isFiltered, loadState, saveState, stateFromQuery, type TableState } from './tableState.ts';
import { loadRefs, type Row, useResourcePage } from './useResourcePage.ts';

export const SELECT_SITE_FIRST = 'Select a site first';

/** A resource's list (spec section 2, Lists): search, filters, columns, day, pages, duplicates, delete, CSV. */
export function ResourceListPage({ def, screen }: { def: ResourceDef; screen: ScreenDef }) {
  const { t } = useTranslation();
  const { can, template, user } = useSession();
  const { site, canChoose } = useSite();
  const units = useUnits(canChoose && site !== null);
  const siteName = canChoose ? units.data?.data.find((u) => u._id === site)?.name : user?.unitName;
  const today = localDay(useSiteTimeZone());
  const [params] = useSearchParams();
  const [state, setState] = useState<TableState>(() => stateFromQuery(def, loadState(def, today), params));
  const [search, setSearch] = useState(state.generalFilter);
  const [debounced] = useDebouncedValue(search, FILTER_DEBOUNCE_MS);
  const [duplicates, setDuplicates] = useState(false);
  const [selection, setSelection] = useState<RowSelectionState>({});
  // the screen's other pages the viewer may open (reservations: quick, from shifts, a shuttle seat)
  const viewer = useViewer();
  const links = (screen.subRoutes ?? []).filter((sub) => sub.link && subRouteAllowed(screen, sub, viewer));
  const patch = (p: Partial<TableState>) => setState((s) => ({ ...s, ...p }));
  const navigate = useNavigate();

  useEffect(() => saveState(def, state), [def, state]);
  useEffect(() => {
    setState((s) => (s.generalFilter === debounced ? s : { ...s, generalFilter: debounced, page: 0 }));
  }, [debounced]);

  // the user's favourite records only (trips: the user's favoriteTrips), when asked
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const only = favoritesOnly ? (user?.favoriteTrips ?? []) : undefined;
  const page = useResourcePage(def, state, site, duplicates, only);
  const rows = page.data?.data ?? [];
  const count = page.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / state.limit));
  const selected = Object.keys(selection)
    .filter((k) => selection[k])
    .map(Number);
  const deleteAction = hasAction(def.module, 'delete') ? 'delete' : 'edit';
  const label = (field: string) => t(fieldLabelKey(def.key, field), { context: template });

  // the chosen reservations go to the page that routes a day: one day at a time
  const routeChosen = () => {
    const days = new Set(rows.filter((r) => selected.includes(r._id)).map((r) => String(r.date ?? '').slice(0, 10)));
    const [day] = [...days];
    if (days.size !== 1 || !day) {
      notifyError(new Error(t('table.routeOneDay')));
      return;
    }
    void navigate(`/trips/route?day=${day}&jobs=${selected.join(',')}`);
  };

  const remove = () => {
    // the duplicates shown are not what the filters select: there, only chosen rows are deleted
    if (selected.length === 0 && duplicates) {
      notifyError(new Error(t('table.selectRowsFirst')));
      return;
    }
    if (selected.length === 0 && !canDeleteBySite(def, site)) {
      notifyError(new Error(SELECT_SITE_FIRST));
      return;
    }
    const query = selected.length ? { _id: { $in: selected } } : tableQuery(def, state, site, only);
    const deleteAll = async () => {
      try {
        await call('delete', { col: def.collection, query });
        setSelection({});
        notifySuccess(t('table.removed'));
      } catch (err) {
        notifyError(err);
      }
    };
    if (selected.length > 0) {
      modals.openConfirmModal({
        title: t('table.deleteTitle'),
        children: <Text size="sm">{t('table.deleteConfirm', { count: selected.length })}</Text>,
        labels: { confirm: t('table.delete'), cancel: t('common.cancel') },
        confirmProps: { color: 'red' },
        onConfirm: deleteAll,
      });
      return;
    }
    // no row ticked: every record the filters select on the site goes; the site is named and the count typed
    modals.open({
      title: t('table.deleteTitle'),
      children: <TypedCountConfirm count={count} site={siteName ?? ''} onConfirm={deleteAll} />,
    });
  };

  const exportCsv = async () => {
    try {
      const r = await call(
        'export',
        { col: def.collection, query: tableQuery(def, state, site, only), sort: state.sort },
        { priority: 'highest' },
      );
      const columns = def.columns.filter((c) => !state.hidden.includes(c.field));
      // the labels of what every exported record refers to, not only the shown page's
      const refs = await loadRefs(def, r.data);
      const csv = toCsv(columns, (c) => label(c.field), r.data, t, refs);
      downloadText(`${def.key}-${today}.csv`, csv);
    } catch (err) {
      notifyError(err);
    }
  };

  const clear = () => {
    setSearch('');
    setDuplicates(false);
    patch({ filters: {}, generalFilter: '', day: null, page: 0 });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <PageTitle>{t(titleKey(screen, template))}</PageTitle>
        <Group gap="xs">
          {can(def.module, 'export') ? (
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportCsv}>
              {t('table.export')}
            </Button>
          ) : null}
          {def.actions?.includes('routeChosen') && can(def.module, 'route') && selected.length > 0 ? (
            <Button variant="default" onClick={routeChosen}>
              {t('table.routeChosen', { count: selected.length })}
            </Button>
          ) : null}
          {can(def.module, deleteAction) ? (
            <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={remove}>
              {t('table.delete')}
            </Button>
          ) : null}
          {links.map((sub) => (
            <Button key={sub.path} variant="default" component={Link} to={`${screen.path}/${sub.path}`}>
              {t(`listLinks.${sub.path}`)}
            </Button>
          ))}
          {def.actions?.includes('multiCreate') && can(def.module, 'create') ? (
            <Button variant="default" component={Link} to={`${screen.path}/multi`} leftSection={<IconPlus size={16} />}>
              {t('multiShifts.title')}
            </Button>
          ) : null}
          {can(def.module, 'create') ? (
            <Button component={Link} to={`${screen.path}/create`} leftSection={<IconPlus size={16} />}>
              {t('table.create')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Group justify="space-between" align="end">
        <Group align="end" gap="xs">
          <TextInput
            label={t('common.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={280}
          />
          <Menu closeOnItemClick={false} withinPortal>
            <Menu.Target>
              <Button variant="default" leftSection={<IconColumns size={16} />}>
                {t('table.columns')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {def.columns.map((c) => (
                <Menu.Item key={c.field}>
                  <Checkbox
                    label={label(c.field)}
                    checked={!state.hidden.includes(c.field)}
                    onChange={(e) =>
                      patch({
                        hidden: e.currentTarget.checked
                          ? state.hidden.filter((f) => f !== c.field)
                          : [...state.hidden, c.field],
                      })
                    }
                  />
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          {def.actions?.includes('favorites') ? (
            <Switch
              label={t('table.favoritesOnly')}
              checked={favoritesOnly}
              onChange={(e) => {
                setFavoritesOnly(e.currentTarget.checked);
                patch({ page: 0 });
              }}
            />
          ) : null}
          <Button
            variant="default"
            leftSection={<IconFilterOff size={16} />}
            onClick={clear}
            disabled={!isFiltered(state) && !duplicates}
          >
            {t('table.clearFilters')}
          </Button>
        </Group>
        {def.dateField ? (
          <DayNavigator day={state.day} today={today} onChange={(day) => patch({ day, page: 0 })} clearable />
        ) : null}
      </Group>
      {page.data?.error ? (
        <Alert color="red" title={t('table.loadFailed')} role="alert">
          <Group justify="space-between" align="center">
            <Text size="sm">{serverErrorText(page.data.error)}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void page.refetch()} loading={page.isFetching}>
              {t('table.retry')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <ResourceTable
        def={def}
        basePath={screen.path}
        rows={rows}
        refs={page.data?.refs ?? {}}
        loading={page.isLoading}
        state={state}
        onState={patch}
        selection={selection}
        onSelection={setSelection}
      />
      <Group justify="space-between">
        <Group gap="md">
          <Text size="sm" aria-live="polite">
            {t('jobs.total', { count })}
          </Text>
          <Anchor
            component="button"
            size="sm"
            onClick={() => {
              setDuplicates((d) => !d);
              patch({ page: 0 });
            }}
          >
            {duplicates ? t('table.showAll') : t('table.showDuplicates')}
          </Anchor>
          {selected.length ? <Text size="sm">{t('table.selected', { count: selected.length })}</Text> : null}
        </Group>
        <Group>
          <Select
            aria-label={t('jobs.pageSize')}
            data={PAGE_SIZES.map(String)}
            value={String(state.limit)}
            onChange={(v) => patch({ limit: Number(v), page: 0 })}
            w={90}
            allowDeselect={false}
          />
          <Pager pages={pages} page={state.page + 1} onPage={(p) => patch({ page: p - 1 })} />
        </Group>
      </Group>
    </Stack>
  );
}

/** The text of a record as its first link column shows it (titles of edit pages). */
export function recordTitle(def: ResourceDef, record: Row, tr: (k: string) => string): string {
  const links = def.columns.filter((c) => c.link);
  return (
    links
      .map((c) => cellText(c, record, tr))
      .join(' ')
      .trim() || `#${record._id}`
  );
}

/** Deleting what the filters select on a site: its name and count said, the count typed to go on. */
function TypedCountConfirm({ count, site, onConfirm }: { count: number; site: string; onConfirm: () => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  return (
    <Stack>
      <Text size="sm">{t('table.deleteSiteConfirm', { count, site })}</Text>
      <TextInput
        label={t('table.typeCount', { count })}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        inputMode="numeric"
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => modals.closeAll()}>
          {t('common.cancel')}
        </Button>
        <Button
          color="red"
          disabled={typed.trim() !== String(count)}
          onClick={() => {
            modals.closeAll();
            onConfirm();
          }}
        >
          {t('table.delete')}
        </Button>
      </Group>
    </Stack>
  );
}
