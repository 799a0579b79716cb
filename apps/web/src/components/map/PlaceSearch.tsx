import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { containsText, FILTER_DEBOUNCE_MS } from '@tc/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { find } from '#src/api/find.ts';
import type { LatLon } from './mapHelpers.ts';

interface Place extends LatLon {
  _id: number;
  name?: string;
  address?: string;
}

/**
 * The map widget's search (spec section 2): the operator's known places (locations, by name or
 * address, of the sites the user sees); picking one moves the map to it. No geocoding service is
 * called: the console runs without one (docs/resources.md).
 */
export function PlaceSearch({ onPick }: { onPick(place: LatLon): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), FILTER_DEBOUNCE_MS);
  const places = useQuery({
    enabled: debounced.length >= 2,
    queryKey: ['find', 'locations', 'mapSearch', debounced],
    queryFn: () =>
      find<Place>({
        col: 'locations',
        query: { $or: [{ name: containsText(debounced) }, { address: containsText(debounced) }] },
        project: { name: 1, address: 1, lat: 1, lon: 1 },
        sort: { name: 1 },
        limit: 10,
      }),
  });
  const found = (places.data?.data ?? []).filter((p) => typeof p.lat === 'number' && typeof p.lon === 'number');
  return (
    <Select
      aria-label={t('map.search.label')}
      placeholder={t('map.search.placeholder')}
      leftSection={<IconSearch size={14} />}
      size="xs"
      searchable
      clearable
      value={null}
      searchValue={text}
      onSearchChange={setText}
      // the server has already matched the text
      filter={({ options }) => options}
      data={found.map((p) => ({ value: String(p._id), label: [p.name, p.address].filter(Boolean).join(' · ') }))}
      nothingFoundMessage={debounced.length >= 2 && !places.isFetching ? t('common.noResults') : undefined}
      onChange={(id) => {
        const place = found.find((p) => String(p._id) === id);
        if (place) onPick({ lat: place.lat, lon: place.lon });
        setText('');
      }}
    />
  );
}
