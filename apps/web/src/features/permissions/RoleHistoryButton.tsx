import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { HistoryViewer } from '../history/HistoryViewer.tsx';

export interface RoleHistoryButtonProps {
  roleId: number;
  roleName: string;
}

/** Who changed a role's permissions and when. */
export function RoleHistoryButton({ roleId, roleName }: RoleHistoryButtonProps) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="subtle" leftSection={<IconHistory size={16} />} onClick={open}>
        {t('permissions.history', { role: roleName })}
      </Button>
      <Modal opened={opened} onClose={close} size="xl" title={t('permissions.history', { role: roleName })}>
        {opened ? <HistoryViewer collection="roles" id={roleId} /> : null}
      </Modal>
    </>
  );
}
