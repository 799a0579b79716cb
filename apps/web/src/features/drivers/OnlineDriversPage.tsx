import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DRIVER_ACTIONS,
  type DriverAction,
  type DriverStatus,
  driverStatusAfter,
  isDriverStatus,
  type ResourceDef,
  resourceByKey,
  type StoredDoc,
} from '@tc/domain';
import { useTranslation } from 'react-i18next';
import { call } from '#src/api/client.ts';
import { find } from '#src/api/find.ts';
import { notifyError, notifySuccess } from '#src/app/notify.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { useSite } from '#src/app/site/useSite.ts';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { StatusBadge } from '#src/components/StatusBadge.tsx';
import { SuspendButton } from '#src/features/resources/SuspendButton.tsx';

/** The columns of the screen, drivers at work first. */
const COLUMNS: DriverStatus[] = ['online', 'en_route', 'break', 'offline', 'suspended'];

type Driver = StoredDoc & {
  firstName?: string;
  lastName?: string;
  driverStatus?: string;
  suspended?: boolean;
};

const DRIVERS = resourceByKey('drivers') as ResourceDef;

const statusOf = (d: Driver): DriverStatus =>
  d.suspended ? 'suspended' : isDriverStatus(d.driverStatus) ? d.driverStatus : 'offline';

/**
 * /onlinedrivers (spec section 2: driver online/break control): the site's drivers by status, each
 * taken online, sent on a break, released or taken offline where the status allows it.
 */
export function OnlineDriversPage() {
  const { t } = useTranslation();
  const { site } = useSite();
  const { can } = useSession();
  const queryClient = useQueryClient();
  const drivers = useQuery({
    enabled: site !== null,
    queryKey: ['find', 'drivers', 'online', site],
    queryFn: async () =>
      (
        await find<Driver>({
          col: 'drivers',
          query: { unit: site },
          project: { firstName: 1, lastName: 1, driverStatus: 1, suspended: 1, suspension: 1 },
          sort: { lastName: 1 },
          limit: 1000,
        })
      ).data,
  });
  const act = async (driver: Driver, action: DriverAction) => {
    try {
      await call('driverstatus', { id: driver._id, _version: driver._version, action });
      notifySuccess(t(`onlineDrivers.done.${action}`, { name: `${driver.firstName} ${driver.lastName}` }));
    } catch (err) {
      notifyError(err);
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['find', 'drivers'] });
    }
  };
  if (site === null) return <Alert color="yellow">{t('quick.selectSite')}</Alert>;
  // a list that cannot be loaded says so (issue 19, point 3), never an empty board
  if (drivers.isError) return <Alert color="red">{serverErrorText(drivers.error)}</Alert>;
  const mayChange = can('activeDrivers', 'changeStatus');
  // suspension is the drivers screen's own action, with its reason (spec: suspended/active)
  const maySuspend = can('drivers', 'changeStatus') || can('drivers', 'edit');
  return (
    <Stack>
      <PageTitle>{t('onlineDrivers.title')}</PageTitle>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        {COLUMNS.map((status) => {
          const list = (drivers.data ?? []).filter((d) => statusOf(d) === status);
          return (
            <Paper key={status} withBorder p="sm" component="section" aria-label={t(`values.driverStatus.${status}`)}>
              <Group justify="space-between" mb="xs">
                <Title order={5}>
                  <StatusBadge status={status} kind="driverStatus" />
                </Title>
                <Badge variant="outline" color="gray">
                  {list.length}
                </Badge>
              </Group>
              <Stack gap="xs">
                {list.map((d) => (
                  <div key={d._id}>
                    <Text size="sm" fw={500}>
                      {d.firstName} {d.lastName}
                    </Text>
                    {mayChange || maySuspend ? (
                      <Group gap={4}>
                        {(mayChange ? DRIVER_ACTIONS : [])
                          .filter((a) => driverStatusAfter(status, a))
                          .map((a) => (
                            <Button
                              key={a}
                              size="compact-xs"
                              variant="default"
                              aria-label={t(`onlineDrivers.actionOf.${a}`, { name: `${d.firstName} ${d.lastName}` })}
                              onClick={() => void act(d, a)}
                            >
                              {t(`onlineDrivers.actions.${a}`)}
                            </Button>
                          ))}
                        {maySuspend ? (
                          <SuspendButton def={DRIVERS} record={d} compact={`${d.firstName} ${d.lastName}`} />
                        ) : null}
                      </Group>
                    ) : null}
                  </div>
                ))}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
