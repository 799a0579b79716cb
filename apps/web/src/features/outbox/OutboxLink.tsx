import { Anchor, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useOutboxLink } from './useOutbox.ts';

export interface OutboxLinkProps {
  id: number;
  isOwner: boolean;
}

/** A mail's password link: hidden from staff, shown to the owner account on demand (act outboxlink). */
export function OutboxLink({ id, isOwner }: OutboxLinkProps) {
  const { t } = useTranslation();
  const reveal = useOutboxLink(id);
  if (!isOwner) {
    return (
      <Text size="sm" c="dimmed">
        {t('outbox.linkHidden')}
      </Text>
    );
  }
  if (reveal.data) {
    return (
      <Anchor href={reveal.data.link} size="sm" style={{ wordBreak: 'break-all' }}>
        {reveal.data.link}
      </Anchor>
    );
  }
  return (
    <>
      <Button size="compact-sm" variant="light" loading={reveal.isPending} onClick={() => reveal.mutate()}>
        {t('outbox.showLink')}
      </Button>
      {reveal.error ? (
        <Text size="sm" c="red">
          {serverErrorText(reveal.error)}
        </Text>
      ) : null}
    </>
  );
}
