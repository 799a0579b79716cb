import { Alert, Badge, Button, Drawer, Group, Loader, Stack, Tabs } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { type RecordTab, type ResourceDef, visibleTabs } from '@tc/domain';
import type { TFunction } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { type ApiError, call } from '#src/api/client.ts';
import { withConfirmations } from '#src/app/confirmations.ts';
import type { ScreenDef } from '#src/app/navigation/screens.ts';
import { notifyError, notifySuccess } from '#src/app/notify.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { useSite } from '#src/app/site/useSite.ts';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { HistoryViewer } from '#src/features/history/HistoryViewer.tsx';
import { DriverPasswordButton } from './DriverPasswordButton.tsx';
import { changedFields, linkChanges, newRecord } from './formValues.ts';
import { LinkedParentsTab, LinkedPassengersTab, NotesTab, PaymentsTab } from './RecordTabs.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import { recordTitle } from './ResourceListPage.tsx';
import { SuspendButton } from './SuspendButton.tsx';
import { useRecord } from './useRecord.ts';
import type { Row } from './useResourcePage.ts';

/** What a resource adds to its generic form page (a reservation: its fares, payment, return and repeat; its questions). */
export interface FormExtension {
  /** More of the form, in the same form, after the section of each key (ResourceForm's `extra`). */
  extra?: (mode: 'create' | 'edit') => Partial<Record<string, ReactNode>> | undefined;
  /** Asks the user what a 409 `{confirm}` answer asks (app/confirmations.ts); without it, the refusal stands. */
  confirm?: (t: TFunction, err: ApiError) => Promise<boolean>;
  /** The i18n key of what a failed save says, when not "Could Not Create/Update <entity>" (a reservation's, spec section 8). */
  saveFailed?: string;
  /** Told once a create is stored, with the insert's answer. */
  created?: (t: TFunction, stored: Row & { legB?: Row; series?: number[] }) => void;
  /** What an update sends besides its data (a series' scope); null when the user withdrew. */
  updateOptions?: (record: Row, t: TFunction) => Promise<Record<string, unknown> | null>;
  /** The record's title, when its linked columns do not name it well. */
  title?: (record: Row, t: TFunction) => string;
  /** Its own tabs' panels (a reservation's summary and its charges), in place of the generic ones. */
  tabs?: Partial<Record<RecordTab, ComponentType<{ record: Row }>>>;
  /** Beside the record's title. */
  Header?: ComponentType<{ record: Row }>;
}

interface Props {
  def: ResourceDef;
  screen: ScreenDef;
  mode: 'create' | 'edit';
  extension?: FormExtension;
}

/** Create or edit page of a resource (resources with a side form use `ResourceSideForm` over their list). */
export function ResourceFormPage({ def, screen, mode, extension }: Props) {
  return <FormBody def={def} basePath={screen.path} mode={mode} extension={extension} page />;
}

/** The create or edit form in a drawer over the list, which stays mounted (its search, page and scroll kept). */
export function ResourceSideForm({ def, screen, mode }: Props) {
  const { t } = useTranslation();
  const { template } = useSession();
  const navigate = useNavigate();
  return (
    <Drawer
      opened
      onClose={() => void navigate(screen.path)}
      position="right"
      size="xl"
      title={t(mode === 'create' ? 'form.newTitle' : 'form.editTitle', {
        entity: t(`resources.${def.key}.entity`, { context: template }),
      })}
    >
      <FormBody def={def} basePath={screen.path} mode={mode} cols={1} />
    </Drawer>
  );
}

function FormBody({
  def,
  basePath,
  mode,
  cols,
  page,
  extension,
}: {
  def: ResourceDef;
  basePath: string;
  mode: 'create' | 'edit';
  cols?: number;
  page?: boolean;
  extension?: FormExtension;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { site } = useSite();
  const { can, template } = useSession();
  const params = useParams();
  const id = mode === 'edit' ? Number(params.id) : undefined;
  const record = useRecord(def, id);
  const entity = t(`resources.${def.key}.entity`, { context: template });
  const back = () => void navigate(basePath);

  if (mode === 'edit' && (record.isLoading || record.isPending)) return <Loader />;
  if (mode === 'edit' && !record.data) {
    return (
      <Alert color="red" title={t('form.notFoundTitle', { entity })}>
        {t('form.notFound')}
      </Alert>
    );
  }
  const current = record.data ?? undefined;
  const links = def.links;
  /** The link calls of a saved record, one per item gained or lost. */
  const writeLinks = async (owner: number, before: unknown, after: unknown) => {
    if (!links) return;
    const { add, remove } = linkChanges(before, after);
    for (const item of add) await call(links.add, { [links.owner]: owner, [links.item]: item });
    for (const item of remove) await call(links.remove, { [links.owner]: owner, [links.item]: item });
  };
  const save = async (values: Record<string, unknown>) => {
    // a linked list is written by its acts after the record, never by insert or update
    const linked = links ? values[links.field] : undefined;
    const written = links ? Object.fromEntries(Object.entries(values).filter(([k]) => k !== links.field)) : values;
    try {
      if (mode === 'create') {
        const data = { ...written, ...(def.fixed ?? {}) };
        const ask = extension?.confirm;
        const stored = await withConfirmations(
          (allow) => call('insert', { col: def.collection, data, ...allow }),
          (err) => {
            if (!ask) throw err;
            return ask(t, err);
          },
        );
        // the user withdrew at the server's question: the form stays as it is
        if (!stored) return false;
        notifySuccess(t('form.created', { entity }));
        extension?.created?.(t, stored);
        // the record exists: a refused link is told as it is, not as a failed create
        await writeLinks(stored._id, [], linked).catch(notifyError);
        if (def.inviteOnCreate && typeof values.email === 'string') {
          // the new login chooses its password from the mail (spec section 7: user create batch)
          const name = [values.firstName, values.lastName].filter(Boolean).join(' ');
          await call('passwordsendresettoken', { email: values.email, mode: def.inviteOnCreate, name }).catch(
            notifyError,
          );
        }
      } else {
        const row = current as Row;
        const changed = changedFields(row, written);
        if (Object.keys(changed).length > 0) {
          const options = extension?.updateOptions ? await extension.updateOptions(row, t) : {};
          if (options === null) return false;
          await call('update', {
            col: def.collection,
            query: { _id: row._id },
            data: { ...changed, _version: row._version },
            ...options,
          });
        }
        await writeLinks(row._id, links ? row[links.field] : undefined, linked);
        notifySuccess(t('form.updated', { entity }));
      }
      await queryClient.invalidateQueries({ queryKey: ['find', def.collection] });
      back();
    } catch (err) {
      const failed = extension?.saveFailed ?? (mode === 'create' ? 'form.couldNotCreate' : 'form.couldNotUpdate');
      notifyError(new Error(t(failed, { entity })));
      throw err;
    }
  };
  const form = (
    <ResourceForm
      key={current ? `${current._id}:${current._version}` : 'new'}
      def={def}
      mode={mode}
      initial={current ?? newRecord(def, site)}
      onSave={save}
      onCancel={back}
      cols={cols}
      readOnly={mode === 'edit' && !can(def.module, 'edit')}
      extra={extension?.extra?.(mode)}
    />
  );
  const title = current
    ? (extension?.title?.(current, t) ?? recordTitle(def, current, t))
    : t('form.newTitle', { entity });
  const header = (
    <Group justify="space-between">
      <Group gap="sm">
        {page ? <PageTitle>{title}</PageTitle> : null}
        {current && extension?.Header ? <extension.Header record={current} /> : null}
      </Group>
      {current ? (
        <RecordActions
          def={def}
          basePath={basePath}
          record={current}
          canChange={can(def.module, 'changeStatus') || can(def.module, 'edit')}
        />
      ) : null}
    </Group>
  );
  // tabs the role may not use are not shown (their reads would be refused)
  const tabs = visibleTabs(def, can);
  if (!current || tabs.length === 0) {
    return (
      <Stack>
        {header}
        {form}
      </Stack>
    );
  }
  return (
    <Stack>
      {header}
      <Tabs defaultValue="information" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="information">{t('form.tabs.information')}</Tabs.Tab>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`form.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="information" pt="md">
          {form}
        </Tabs.Panel>
        {Object.entries(extension?.tabs ?? {}).map(([tab, Panel]) =>
          Panel ? (
            <Tabs.Panel key={tab} value={tab} pt="md">
              <Panel record={current} />
            </Tabs.Panel>
          ) : null,
        )}
        <Tabs.Panel value="history" pt="md">
          <HistoryViewer collection={def.collection} id={current._id} def={def} />
        </Tabs.Panel>
        <Tabs.Panel value="notes" pt="md">
          <NotesTab def={def} record={current} />
        </Tabs.Panel>
        {extension?.tabs?.payments ? null : (
          <Tabs.Panel value="payments" pt="md">
            <PaymentsTab record={current} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="parents" pt="md">
          <LinkedParentsTab record={current} />
        </Tabs.Panel>
        <Tabs.Panel value="passengers" pt="md">
          <LinkedPassengersTab record={current} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** Suspend / unsuspend, activate / deactivate (spec section 4). */
function RecordActions({
  def,
  basePath,
  record,
  canChange,
}: {
  def: ResourceDef;
  basePath: string;
  record: Row;
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can, template } = useSession();
  const toggle = def.toggle;
  const status = toggle ? record[toggle.field] : undefined;
  return (
    <Group gap="xs">
      {record.suspended ? <Badge color="red">{t('form.suspended')}</Badge> : null}
      {def.actions?.includes('duplicate') && can(def.module, 'create') ? (
        <Button variant="default" component={Link} to={`${basePath}/duplicate/${record._id}`}>
          {t('duplicateShuttle.title')}
        </Button>
      ) : null}
      {def.actions?.includes('signInPassword') && can(def.module, 'edit') ? (
        <DriverPasswordButton record={record} />
      ) : null}
      {def.suspend && canChange ? <SuspendButton def={def} record={record} /> : null}
      {toggle && canChange ? (
        <Button
          variant="default"
          onClick={() =>
            modals.openConfirmModal({
              title: t(status === toggle.on ? 'form.deactivate' : 'form.activate'),
              children: t('form.toggleConfirm'),
              labels: { confirm: t('form.confirm'), cancel: t('common.cancel') },
              onConfirm: async () => {
                try {
                  await call('update', {
                    col: def.collection,
                    query: { _id: record._id },
                    data: { [toggle.field]: status === toggle.on ? toggle.off : toggle.on, _version: record._version },
                  });
                  await queryClient.invalidateQueries({ queryKey: ['find', def.collection] });
                  notifySuccess(t('form.updated', { entity: t(`resources.${def.key}.entity`, { context: template }) }));
                  void navigate(basePath);
                } catch (err) {
                  notifyError(err);
                }
              },
            })
          }
        >
          {t(status === toggle.on ? 'form.deactivate' : 'form.activate')}
        </Button>
      ) : null}
    </Group>
  );
}
