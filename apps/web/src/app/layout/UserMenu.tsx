import { Button, Menu, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconKey, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChangePasswordForm } from '#src/features/auth/ChangePasswordForm.tsx';
import { useUser } from '../session/useSession.ts';

export function UserMenu() {
  const { t } = useTranslation();
  const user = useUser();
  const navigate = useNavigate();
  const [changing, { open, close }] = useDisclosure(false);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="subtle"
            rightSection={<IconChevronDown size={14} />}
            aria-label={`${t('userMenu.label')}: ${user.name || user.email}`}
            maw={220}
          >
            {user.name || user.email}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.email}</Menu.Label>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={open}>
            {t('userMenu.changePassword')}
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={() => void navigate('/logout')}>
            {t('userMenu.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={changing} onClose={close} title={t('auth.change.title')}>
        <ChangePasswordForm onDone={close} />
      </Modal>
    </>
  );
}
