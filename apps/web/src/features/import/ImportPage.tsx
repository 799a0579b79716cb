import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';
import {
  IMPORT_CHUNK_ROWS,
  IMPORT_MAX_ROWS,
  IMPORT_RESOURCES,
  type ImportAnswer,
  type ImportProblem,
  importFields,
  matchColumns,
  type ResourceDef,
  recordOf,
  resourceByKey,
  VALIDATION_PARAMS,
} from '@tc/domain';
import { fieldLabelKey } from '@tc/i18n';
import Papa from 'papaparse';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '#src/api/client.ts';
import { onLiveMessage } from '#src/app/live/liveMessages.ts';
import { screenVisible, titleKey } from '#src/app/navigation/access.ts';
import { screen } from '#src/app/navigation/screens.ts';
import { useViewer } from '#src/app/navigation/useViewer.ts';
import { notifyError } from '#src/app/notify.ts';
import { TRANSLATED_CODES } from '#src/app/serverErrors.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { useSite } from '#src/app/site/useSite.ts';
import { PageTitle } from '#src/components/PageTitle.tsx';

type Row = Record<string, string | undefined>;
const SHOWN = 100;

/** A CSV read in the browser, a chunk at a time (papaparse streaming), up to IMPORT_MAX_ROWS rows. */
function readCsv(file: File): Promise<{ headers: string[]; rows: Row[]; cut: boolean }> {
  return new Promise((resolve, reject) => {
    const rows: Row[] = [];
    let headers: string[] = [];
    let cut = false;
    Papa.parse<Row>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      chunk: (result, parser) => {
        headers = result.meta.fields ?? headers;
        for (const row of result.data) {
          if (rows.length >= IMPORT_MAX_ROWS) {
            cut = true;
            parser.abort();
            break;
          }
          rows.push(row);
        }
      },
      complete: () => resolve({ headers, rows, cut }),
      error: (err) => reject(err),
    });
  });
}

/** /import (spec section 2, Upload data): a CSV of one kind of record, matched, checked, previewed and imported. */
export function ImportPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { template } = useSession();
  const { site } = useSite();
  // the kinds whose screen the user sees and whose records it may create
  const kinds = IMPORT_RESOURCES.filter((k) => {
    const r = resourceByKey(k);
    return !!r && screenVisible(screen(k), viewer) && viewer.can(r.module, 'create');
  });
  const [kind, setKind] = useState<string | null>(kinds[0] ?? null);
  const def = kind ? (resourceByKey(kind) as ResourceDef) : undefined;
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<{ headers: string[]; rows: Row[]; cut: boolean } | null>(null);
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  const [skip, setSkip] = useState(false);
  const [busy, setBusy] = useState<{ phase: string; done: number; total: number } | null>(null);
  const [result, setResult] = useState<ImportAnswer | null>(null);

  const fields = useMemo(() => (def ? importFields(def) : []), [def]);
  const fieldLabel = (name: string) => {
    if (!def) return name;
    const [head, part] = name.split('.');
    const base = t(fieldLabelKey(def.key, head ?? name), { defaultValue: head, context: template });
    return part ? `${base} (${t(`import.part.${part}`)})` : base;
  };

  useEffect(() => {
    if (!file) return setCsv(null);
    let live = true;
    readCsv(file)
      .then((read) => live && setCsv(read))
      .catch((err) => notifyError(err));
    return () => {
      live = false;
    };
  }, [file]);
  // matching runs again when the file or the kind changes (the labels it reads follow the kind)
  // biome-ignore lint/correctness/useExhaustiveDependencies: fieldLabel reads t and the kind only
  useEffect(() => {
    if (!csv || !def) return;
    const candidates = fields.map((f) => ({ name: f.name, labels: [fieldLabel(f.name), f.name.replace('.', ' ')] }));
    setMapping(matchColumns(csv.headers, candidates));
    setResult(null);
  }, [csv, def, fields]);

  // each row as the record its columns make, checked with the form's rules (the server checks again)
  const checked = useMemo(() => {
    if (!csv || !def) return { valid: 0, refused: [] as ImportProblem[] };
    const refused: ImportProblem[] = [];
    csv.rows.forEach((row, i) => {
      const record = { ...recordOf(row, mapping, def), ...(def.fixed ?? {}), unit: site ?? undefined };
      const r = def.schema.safeParse(record);
      if (!r.success) {
        const issue = r.error.issues[0];
        refused.push({ row: i + 1, field: issue?.path.join('.'), message: String(issue?.message ?? '') });
      }
    });
    return { valid: csv.rows.length - refused.length, refused };
  }, [csv, def, mapping, site]);

  const run = async () => {
    if (!csv || !def || site === null) return;
    const id = `import-${Date.now()}-${Math.round(Math.random() * 1e6)}`;
    setResult(null);
    const records = csv.rows.map((row) => recordOf(row, mapping, def));
    const stop = onLiveMessage((m) => {
      if (m.type === 'import' && m.run === id)
        setBusy({ phase: String(m.phase), done: Number(m.done), total: Number(m.total) });
    });
    try {
      for (let offset = 0; offset < records.length; offset += IMPORT_CHUNK_ROWS) {
        setBusy({ phase: 'send', done: offset, total: records.length });
        await call(
          'importrows',
          { run: id, offset, rows: records.slice(offset, offset + IMPORT_CHUNK_ROWS) },
          { priority: 'high' },
        );
      }
      setBusy({ phase: 'check', done: 0, total: records.length });
      setResult(
        await call(
          'import',
          { run: id, resource: def.key as (typeof IMPORT_RESOURCES)[number], skipRefused: skip, unit: site },
          { priority: 'highest' },
        ),
      );
    } catch (err) {
      notifyError(err);
    } finally {
      stop();
      setBusy(null);
    }
  };

  // the browser's checks name validation keys; the server's refusals carry their catalogue code
  const problemText = (p: ImportProblem) => {
    const key = p.message.startsWith('validation.') ? p.message : p.code;
    if (key?.startsWith('validation.')) return t(key, VALIDATION_PARAMS);
    if (key && TRANSLATED_CODES.has(key)) return t(`serverErrors.${key}`, { field: p.field });
    return p.message;
  };
  const blocked =
    !csv || csv.rows.length === 0 || (checked.refused.length > 0 && !skip) || checked.valid === 0 || site === null;
  return (
    <Stack>
      <PageTitle>{t('screens.import')}</PageTitle>
      <Text size="sm" c="dimmed">
        {t('import.intro', { max: IMPORT_MAX_ROWS.toLocaleString() })}
      </Text>
      {site === null ? <Alert color="yellow">{t('import.chooseSite')}</Alert> : null}
      <Group align="flex-end">
        <Select
          label={t('import.kind')}
          allowDeselect={false}
          data={kinds.map((k) => ({ value: k, label: t(titleKey(screen(k), template)) }))}
          value={kind}
          onChange={(v) => {
            setKind(v);
            setResult(null);
          }}
          w={220}
        />
        <FileInput
          label={t('import.file')}
          accept=".csv,text/csv"
          value={file}
          onChange={setFile}
          leftSection={<IconFileUpload size={16} />}
          clearable
          w={320}
        />
      </Group>
      {csv && def ? (
        <>
          <Paper withBorder p="md" radius="md">
            <Title order={3} size="h5" mb="xs">
              {t('import.columns', { count: csv.rows.length })}
            </Title>
            {csv.cut ? (
              <Alert color="yellow" mb="xs">
                {t('import.cut', { max: IMPORT_MAX_ROWS.toLocaleString() })}
              </Alert>
            ) : null}
            <Table aria-label={t('import.columnsTable')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('import.column')}</Table.Th>
                  <Table.Th>{t('import.field')}</Table.Th>
                  <Table.Th>{t('import.example')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {csv.headers.map((h) => (
                  <Table.Tr key={h}>
                    <Table.Td>{h}</Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={t('import.fieldOf', { column: h })}
                        placeholder={t('import.ignored')}
                        clearable
                        searchable
                        data={fields.map((f) => ({ value: f.name, label: fieldLabel(f.name) }))}
                        value={mapping[h] ?? null}
                        onChange={(v) => setMapping((m) => ({ ...m, [h]: v }))}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed" truncate maw={240}>
                        {csv.rows[0]?.[h] ?? ''}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={3} size="h5" mb="xs">
              {t('import.preview', { valid: checked.valid, refused: checked.refused.length })}
            </Title>
            {checked.refused.length ? (
              <Table aria-label={t('import.refusedTable')} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('import.row')}</Table.Th>
                    <Table.Th>{t('import.field')}</Table.Th>
                    <Table.Th>{t('import.reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {checked.refused.slice(0, SHOWN).map((p) => (
                    <Table.Tr key={p.row}>
                      <Table.Td>{p.row}</Table.Td>
                      <Table.Td>{p.field ? fieldLabel(p.field) : ''}</Table.Td>
                      <Table.Td>{problemText(p)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
            <Group mt="sm">
              <Checkbox label={t('import.skip')} checked={skip} onChange={(e) => setSkip(e.currentTarget.checked)} />
              <Button
                leftSection={<IconUpload size={16} />}
                disabled={blocked || busy !== null}
                loading={busy !== null}
                onClick={() => void run()}
              >
                {t('import.run', { count: checked.refused.length && skip ? checked.valid : csv.rows.length })}
              </Button>
            </Group>
          </Paper>
        </>
      ) : null}
      {busy ? (
        <Stack gap={4}>
          <Text size="sm">{t(`import.phase.${busy.phase}`, { done: busy.done, total: busy.total })}</Text>
          <Progress
            value={busy.total ? (100 * busy.done) / busy.total : 0}
            aria-label={t('import.progress')}
            animated
          />
        </Stack>
      ) : null}
      {result ? (
        <Alert
          color={result.written ? 'green' : 'yellow'}
          title={t(result.written ? 'import.done' : 'import.notWritten')}
        >
          <Stack gap={4}>
            <Text size="sm">
              {t('import.summary', {
                created: result.created,
                total: result.total,
                duplicates: result.duplicateCount,
                refused: result.refusedCount,
              })}
            </Text>
            {[...result.duplicates.map((p) => ({ ...p, message: t('import.duplicate') })), ...result.refused]
              .slice(0, SHOWN)
              .map((p) => (
                <Text key={`${p.row}-${p.message}`} size="xs">
                  {t('import.rowProblem', { row: p.row, message: problemText(p) })}
                </Text>
              ))}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
