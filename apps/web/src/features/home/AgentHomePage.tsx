import { Button, Group, Image, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBolt, IconPlus, IconSearch } from '@tabler/icons-react';
import { agentSearchRange, type HomeListSize, localDay, WORDING } from '@tc/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { titleKey } from '#src/app/navigation/access.ts';
import { screen } from '#src/app/navigation/screens.ts';
import { settingValue } from '#src/app/session/sessionSelectors.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { useSite, useSiteTimeZone } from '#src/app/site/useSite.ts';
import { DayInput } from '#src/components/DayInput.tsx';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { ListSize, RecentJobsTable, StatTile } from './HomeTiles.tsx';
import { useMyRecentJobs, useMyRecentViews, useStatTiles } from './useHome.ts';

/** The setting naming the weather widget: an image URL (https) the agent home shows; none, no widget. */
export const WEATHER_SETTING = 'weather widget';

/**
 * /agent (spec section 2, Agent home): a search over reservations, the buttons to book, the weather
 * widget, four statistic tiles and the agent's last bookings and views.
 */
export function AgentHomePage() {
  const { t } = useTranslation();
  const { user, settings, template } = useSession();
  const { site } = useSite();
  const today = localDay(useSiteTimeZone());
  const range = agentSearchRange(today);
  const [text, setText] = useState('');
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [mineSize, setMineSize] = useState<HomeListSize>(5);
  const [viewsSize, setViewsSize] = useState<HomeListSize>(5);
  const navigate = useNavigate();
  const stats = useStatTiles(user?.name ?? '', site);
  const mine = useMyRecentJobs(mineSize);
  const views = useMyRecentViews(user?._id, viewsSize);
  const weather = settingValue(settings, WEATHER_SETTING, site ?? user?.unit);
  const reservations = t(titleKey(screen('jobs'), template));

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    const params = new URLSearchParams({ search: text.trim(), from, to });
    void navigate(`/jobs?${params}`);
  };

  return (
    <Stack>
      <PageTitle>{t('screens.agent')}</PageTitle>
      <Paper
        withBorder
        p="md"
        radius="md"
        component="form"
        onSubmit={search}
        aria-label={t('home.searchTitle', { lower: reservations.toLocaleLowerCase() })}
      >
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('home.searchText')}
            required
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            miw={220}
            style={{ flex: 1 }}
          />
          <DayInput label={t('home.from')} value={from} onChange={(d) => d && setFrom(d)} />
          <DayInput label={t('home.to')} value={to} onChange={(d) => d && setTo(d)} />
          <Button type="submit" disabled={!text.trim()} leftSection={<IconSearch size={16} />}>
            {t('common.search')}
          </Button>
        </Group>
      </Paper>
      <Group>
        <Button component={Link} to="/create-job" leftSection={<IconPlus size={16} />}>
          {t('home.newReservation', { context: WORDING[template].reservations })}
        </Button>
        <Button component={Link} to="/quick-job" variant="light" leftSection={<IconBolt size={16} />}>
          {t('home.quickReservation', { context: WORDING[template].reservations })}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {(stats.data ?? []).map((tile) => (
          <StatTile key={tile.key} label={t(`home.stats.${tile.key}`)} value={tile.count} />
        ))}
      </SimpleGrid>
      {typeof weather === 'string' && /^https:\/\//.test(weather) ? (
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h4" mb="xs">
            {t('home.weather')}
          </Title>
          <Image src={weather} alt={t('home.weather')} maw={640} fit="contain" />
        </Paper>
      ) : null}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <RecentJobsTable
          title={t('home.myBookings')}
          rows={mine.data}
          loading={mine.isLoading}
          action={<ListSize value={mineSize} onChange={setMineSize} label={t('home.myBookings')} />}
        />
        <RecentJobsTable
          title={t('home.myViews')}
          rows={views.data}
          loading={views.isLoading}
          action={<ListSize value={viewsSize} onChange={setViewsSize} label={t('home.myViews')} />}
        />
      </SimpleGrid>
      {stats.error ? <Text c="red">{String(stats.error.message)}</Text> : null}
    </Stack>
  );
}
