import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ResourceDef, SUSPENSION_REASONS } from '@tc/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '#src/api/client.ts';
import { notifyError, notifySuccess } from '#src/app/notify.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { suspensionPatch } from './formValues.ts';
import type { Row } from './useResourcePage.ts';

/**
 * Suspend or unsuspend a record with a reason (admin locked, contract terminated, temporarily
 * suspended); `compact` where it sits in a card (the online drivers), with the record's name.
 */
export function SuspendButton({ def, record, compact }: { def: ResourceDef; record: Row; compact?: string }) {
  const { t } = useTranslation();
  const { template } = useSession();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const suspend = !record.suspended;
  const action = t(suspend ? 'form.suspend' : 'form.unsuspend');
  const save = async () => {
    if (!reason) return;
    try {
      await call('update', {
        col: def.collection,
        query: { _id: record._id },
        data: {
          ...suspensionPatch(def, suspend, { reason, note: note.trim() || undefined }),
          _version: record._version,
        },
      });
      await queryClient.invalidateQueries({ queryKey: ['find', def.collection] });
      notifySuccess(t('form.updated', { entity: t(`resources.${def.key}.entity`, { context: template }) }));
      setOpen(false);
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <>
      <Button
        variant={compact ? 'subtle' : 'default'}
        size={compact ? 'compact-xs' : undefined}
        color={suspend ? 'red' : undefined}
        aria-label={compact ? `${action}: ${compact}` : undefined}
        onClick={() => setOpen(true)}
      >
        {action}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={action}>
        <Stack>
          <Select
            label={t('form.reason')}
            required
            data={SUSPENSION_REASONS.map((r) => ({ value: r, label: t(`values.suspensionReason.${r}`) }))}
            value={reason}
            onChange={setReason}
            comboboxProps={{ withinPortal: false }}
          />
          <Textarea label={t('form.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={save} disabled={!reason}>
              {action}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
