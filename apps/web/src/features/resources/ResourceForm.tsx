import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { FormField, ResourceDef } from '@tc/domain';
import { fieldLabelKey } from '@tc/i18n';
import { Fragment, type ReactNode, useState } from 'react';
import { type FieldValues, FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#src/api/client.ts';
import { serverErrorKey, serverErrorText } from '#src/app/serverErrors.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { useSubmitGuard } from '#src/app/useSubmitGuard.ts';
import { FieldGrid } from './FieldGrid.tsx';

export interface ResourceFormProps {
  def: ResourceDef;
  mode: 'create' | 'edit';
  initial: Record<string, unknown>;
  /** Saves the validated values; rejects with the server's error; `false` when the user withdrew (nothing saved). */
  onSave: (values: Record<string, unknown>) => Promise<unknown>;
  onCancel: () => void;
  /** Columns of the field grid (1 in a side form). */
  cols?: number;
  /** Shown, not editable (the users edit route needs only view permission). */
  readOnly?: boolean;
  /**
   * More of the same form (a reservation's fares, payment, return and repeat), placed after the
   * section of its key ('' after the last); it reads the form through react-hook-form's context.
   */
  extra?: Partial<Record<string, ReactNode>>;
}

/**
 * A resource's create or edit form, generated from its sections, validated by its zod schema (the
 * same one the server runs); a second submit within 3 s is ignored; a server error lands on its field.
 */
export function ResourceForm({
  def,
  mode,
  initial,
  onSave,
  onCancel,
  cols = 2,
  readOnly = false,
  extra,
}: ResourceFormProps) {
  const { t } = useTranslation();
  const { template } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FieldValues>({
    defaultValues: initial,
    // the resource schema validates any record shape: the form's values are plain field values
    resolver: zodResolver(def.schema as never) as unknown as Resolver<FieldValues>,
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control });
  const label = (name: string) => t(fieldLabelKey(def.key, name), { context: template });
  const shown = (f: FormField) =>
    (!f.on || f.on === mode) && (!f.when || f.when.in.includes((values as Record<string, unknown>)[f.when.field]));

  // The guard sits behind validation: a form the schema refuses is not a submit, so fixing it at once still saves;
  // a second valid submit within 3 s (a double click) is ignored.
  const save = useSubmitGuard(async (data: FieldValues) => {
    setFailure(null);
    try {
      return await onSave(data);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof ApiError && err.field) {
        form.setError(err.field, { type: 'server', message: serverErrorKey(err) ?? message }, { shouldFocus: true });
      }
      setFailure(serverErrorText(err));
      // refused: nothing was saved, so sending it again at once is no double submit
      return false;
    }
  });
  const submit = form.handleSubmit(save);

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={t(`resources.${def.key}.entity`, { context: template })}>
        <Stack>
          {readOnly ? (
            <Alert color="gray" variant="light">
              {t('form.readOnly')}
            </Alert>
          ) : null}
          {/* a disabled fieldset disables every input of the sections at once */}
          <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack>
              {def.form.map((section) => {
                // a section of another template (a vehicle's trailer outside the trailers template) is not shown
                const fields = section.template && section.template !== template ? [] : section.fields.filter(shown);
                return (
                  <Fragment key={section.key}>
                    {fields.length === 0 ? null : (
                      <Paper withBorder p="md">
                        <Title order={4} mb="sm">
                          {t(`resources.${def.key}.sections.${section.key}`, { context: template })}
                        </Title>
                        <FieldGrid
                          resource={def.key}
                          fields={fields}
                          control={form.control}
                          label={label}
                          cols={cols}
                        />
                      </Paper>
                    )}
                    {extra?.[section.key]}
                  </Fragment>
                );
              })}
              {extra?.['']}
            </Stack>
          </fieldset>
          {failure ? (
            <Alert
              color="red"
              title={t(mode === 'create' ? 'form.couldNotCreate' : 'form.couldNotUpdate', {
                entity: t(`resources.${def.key}.entity`, { context: template }),
              })}
            >
              {failure}
            </Alert>
          ) : null}
          {/* Save stays in view at the bottom of a long form */}
          <Group
            justify="flex-end"
            py="xs"
            style={{ position: 'sticky', bottom: 0, zIndex: 2, background: 'var(--mantine-color-body)' }}
          >
            <Button variant="default" onClick={onCancel}>
              {t(readOnly ? 'form.back' : 'common.cancel')}
            </Button>
            {readOnly ? null : (
              <Button type="submit" loading={form.formState.isSubmitting}>
                {t(mode === 'create' ? 'form.create' : 'common.save')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
