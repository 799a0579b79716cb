import {
  Alert,
  Anchor,
  Badge,
  Box,
  Checkbox,
  CloseButton,
  Group,
  MultiSelect,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  AREA_TYPES,
  DRIVER_STATUSES,
  localDay,
  MAP,
  OPEN_TRIP_STATUSES,
  POSITION_STALE_MS,
  type RefSpec,
  type ResourceDef,
  RUNNING_TRIP_STATUSES,
  resourceByKey,
  type StoredDoc,
  type TripStatus,
} from '@tc/domain';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Polygon, Polyline, useMap } from 'react-leaflet';
import { Link } from 'react-router';
import { call } from '#src/api/client.ts';
import { find } from '#src/api/find.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { useSite, useSiteTimeZone } from '#src/app/site/useSite.ts';
import { EtaText } from '#src/components/EtaText.tsx';
import { MapFrame, paletteColor } from '#src/components/map/index.ts';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { StatusBadge } from '#src/components/StatusBadge.tsx';
import { useRefOptions } from '#src/features/resources/useRefOptions.ts';
import { type KeptPosition, type PositionStore, useLivePositions, usePositionsVersion } from './useLivePositions.ts';
import { useTripLive } from './useTripLive.ts';
import { type Vehicle, VehicleLayer } from './vehicleLayer.ts';

const TRIPS = resourceByKey('trips') as ResourceDef;
const refOf = (field: string) => TRIPS.references?.find((r) => r.field === field)?.ref as RefSpec;

type Driver = StoredDoc & {
  firstName?: string;
  lastName?: string;
  driverStatus?: string;
  car?: number;
  suppliers?: number[];
};
type Trip = StoredDoc & {
  status?: string;
  driver?: number;
  car?: number;
  service?: number;
  supplier?: number;
  date?: string;
  late?: number[] | null;
};
type Area = StoredDoc & { name?: string; type?: string; color?: string; map?: { lat: number; lon: number }[] };

/** What the live map shows of the vehicles: the drivers' records, their trips, and the filters. */
interface VehicleFilter {
  driverById: Map<number, Driver>;
  tripOfDriver: Map<number, Trip>;
  statuses: string[];
  service: string | null;
  supplier: string | null;
}

/** A vehicle drawn at its driver's kept position. */
type ShownVehicle = Vehicle & { readonly position: KeptPosition };

/**
 * The vehicles last computed for a store: the map and the status counts share one computation, and
 * each driver's Vehicle object is reused from one redraw to the next (little garbage a second).
 */
const computed = new WeakMap<
  PositionStore,
  { version: number; filter: VehicleFilter; vehicles: Vehicle[]; byDriver: Map<number, ShownVehicle> }
>();

/** The vehicles to draw, from the positions as they now are (again at each redraw) and the filters. */
function useVehicles(store: PositionStore, f: VehicleFilter): Vehicle[] {
  const version = usePositionsVersion(store);
  const last = computed.get(store);
  if (last && last.version === version && last.filter === f) return last.vehicles;
  const byDriver = last?.byDriver ?? new Map<number, ShownVehicle>();
  const now = Date.now();
  // sized once and cut to what is shown: a second's array is allocated once, not grown by pushes
  const out: Vehicle[] = new Array(store.positions.size);
  let shown = 0;
  // forEach, not for...of: no iterator results to collect each second
  store.positions.forEach((p) => {
    const d = f.driverById.get(p.driver);
    const status = d?.suspended ? 'suspended' : (d?.driverStatus ?? 'offline');
    if (f.statuses.length && !f.statuses.includes(status)) return;
    const trip = f.tripOfDriver.get(p.driver);
    if (f.service && String(trip?.service ?? '') !== f.service) return;
    if (
      f.supplier &&
      !(d?.suppliers ?? []).map(String).includes(f.supplier) &&
      String(trip?.supplier ?? '') !== f.supplier
    )
      return;
    let v = byDriver.get(p.driver);
    if (!v || v.position !== p || v.status !== status || (d && v.label.startsWith('#'))) {
      v = {
        driver: p.driver,
        position: p,
        // read from the kept position as drawn: nothing copied each second
        get lat() {
          return this.position.lat;
        },
        get lon() {
          return this.position.lon;
        },
        get heading() {
          return this.position.heading;
        },
        status,
        label: d ? `${d.firstName ?? ''} ${d.lastName ?? ''}`.trim() : `#${p.driver}`,
        stale: false,
        late: false,
      };
      byDriver.set(p.driver, v);
    }
    v.stale = now - p.time > POSITION_STALE_MS;
    v.late = (trip?.late?.length ?? 0) > 0;
    out[shown++] = v;
  });
  out.length = shown;
  computed.set(store, { version, filter: f, vehicles: out, byDriver });
  return out;
}

/**
 * Draws the vehicles on the map's canvas (VehicleLayer) and follows the one asked to. Only this
 * and the status counts render again as positions come, not the page.
 */
function Vehicles({
  store,
  filter,
  selected,
  follow,
  onPick,
}: {
  store: PositionStore;
  filter: VehicleFilter;
  selected: number | null;
  follow: boolean;
  onPick: (driver: number) => void;
}) {
  const map = useMap();
  const vehicles = useVehicles(store, filter);
  const layer = useRef<VehicleLayer | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    const made = new VehicleLayer(map, (d) => pick.current(d));
    layer.current = made;
    return () => {
      made.remove();
      layer.current = null;
    };
  }, [map]);
  const followed = useRef<Vehicle | undefined>(undefined);
  useEffect(() => {
    layer.current?.set(vehicles, selected);
    const v = follow && selected !== null ? vehicles.find((x) => x.driver === selected) : undefined;
    followed.current = v;
    if (v) map.panTo([v.lat, v.lon], { animate: true, duration: 0.3 });
  }, [vehicles, selected, follow, map]);
  // the map resized (the vehicle's panel opened beside it) while it panned to the vehicle followed:
  // the pan aimed at the centre of the map as it was, so it is centred again
  useEffect(() => {
    const recentre = () => {
      const v = followed.current;
      if (v) map.panTo([v.lat, v.lon], { animate: false });
    };
    map.on('resize', recentre);
    return () => {
      map.off('resize', recentre);
    };
  }, [map]);
  return null;
}

/** How many vehicles of each status are shown. */
function StatusCounts({ store, filter }: { store: PositionStore; filter: VehicleFilter }) {
  const vehicles = useVehicles(store, filter);
  const counts = COUNTED_STATUSES.map(() => 0);
  // an indexed loop over the second's vehicles: no iterator to collect each second
  for (let i = 0; i < vehicles.length; i++) {
    const k = (COUNTED_STATUSES as readonly string[]).indexOf((vehicles[i] as Vehicle).status);
    if (k >= 0) counts[k] = (counts[k] as number) + 1;
  }
  const [online = 0, enRoute = 0, onBreak = 0, offline = 0] = counts;
  return <CountBadges online={online} en_route={enRoute} break={onBreak} offline={offline} />;
}

const COUNTED_STATUSES = ['online', 'en_route', 'break', 'offline'] as const;

/** The counts as badges: drawn again only when a count changes, not at every second's positions. */
const CountBadges = memo(function CountBadges(counts: Record<(typeof COUNTED_STATUSES)[number], number>) {
  return (
    <Group gap="md" mt={4}>
      {COUNTED_STATUSES.map((s) => (
        <Group key={s} gap={4}>
          <StatusBadge status={s} kind="driverStatus" />
          <Text size="xs" c="dimmed">
            {counts[s]}
          </Text>
        </Group>
      ))}
    </Group>
  );
});

/** When and where the selected vehicle was last seen, kept current. */
function PositionLine({ store, driver, zone }: { store: PositionStore; driver: number; zone: string }) {
  const { t, i18n } = useTranslation();
  usePositionsVersion(store);
  const position = store.positions.get(driver);
  if (!position) return null;
  return (
    <Text size="xs" c="dimmed">
      {t('liveMap.seenAt', {
        time: new Intl.DateTimeFormat(i18n.language, { timeZone: zone, timeStyle: 'medium' }).format(position.time),
      })}
      {Number.isNaN(position.speed) ? '' : ` · ${t('liveMap.speed', { speed: Math.round(position.speed * 3.6) })}`}
      <br />
      <span data-testid="vehicle-position">
        {position.lat.toFixed(5)}, {position.lon.toFixed(5)}
      </span>
    </Text>
  );
}

/**
 * /livemap (spec section 2; docs/live.md): every vehicle at its driver's last position, coloured by
 * the driver's status with its heading, clustered when zoomed out, moving as positions come over
 * the socket; a click opens the driver, its vehicle, its trip, the stops left and their ETAs, and
 * draws the way ahead; the site's areas as polygons; filters by status, service and supplier.
 */
export function LiveMapPage() {
  const { t } = useTranslation();
  const { site } = useSite();
  const { mapCenter } = useSession();
  const zone = useSiteTimeZone();
  const day = localDay(zone);
  const { store, error } = useLivePositions(site);
  const [statuses, setStatuses] = useState<string[]>([]);
  const [service, setService] = useState<string | null>(null);
  const [supplier, setSupplier] = useState<string | null>(null);
  const [areaTypes, setAreaTypes] = useState<string[]>([...AREA_TYPES]);
  const [selected, setSelected] = useState<number | null>(null);
  const [follow, setFollow] = useState(false);
  const siteQuery = site === null ? {} : { unit: site };

  const drivers = useQuery({
    queryKey: ['find', 'drivers', 'livemap', site],
    queryFn: async () =>
      (
        await find<Driver>({
          col: 'drivers',
          query: siteQuery,
          project: { firstName: 1, lastName: 1, driverStatus: 1, car: 1, suppliers: 1, suspended: 1 },
          limit: 5000,
        })
      ).data,
  });
  const trips = useQuery({
    queryKey: ['find', 'trips', 'livemap', site, day],
    queryFn: async () =>
      (
        await find<Trip>({
          col: 'trips',
          // the day's work still: no canceled or done trip
          query: { ...siteQuery, date: [`${day} 00:00`, `${day} 23:59`], status: { $in: [...OPEN_TRIP_STATUSES] } },
          project: { status: 1, driver: 1, car: 1, service: 1, supplier: 1, date: 1, blocked: 1, late: 1 },
          sort: { date: 1 },
          limit: 5000,
        })
      ).data,
  });
  const areas = useQuery({
    queryKey: ['find', 'areas', 'livemap', site],
    queryFn: async () =>
      (
        await find<Area>({
          col: 'areas',
          query: siteQuery,
          project: { name: 1, type: 1, color: 1, map: 1 },
          limit: 500,
        })
      ).data,
    retry: false,
  });
  const services = useRefOptions('trips', refOf('service'));
  const suppliers = useRefOptions('trips', refOf('supplier'));
  const cars = useRefOptions('trips', refOf('car'));

  const driverById = useMemo(() => new Map((drivers.data ?? []).map((d) => [d._id, d])), [drivers.data]);
  // each driver's open trips of the day, in time order
  const tripsOfDriver = useMemo(() => {
    const m = new Map<number, Trip[]>();
    for (const trip of trips.data ?? [])
      if (typeof trip.driver === 'number') m.set(trip.driver, [...(m.get(trip.driver) ?? []), trip]);
    return m;
  }, [trips.data]);
  // a driver's current trip: the one running, else the next of the day
  const tripOfDriver = useMemo(
    () =>
      new Map(
        [...tripsOfDriver].map(([driver, list]) => [
          driver,
          list.find((t) => RUNNING_TRIP_STATUSES.includes(t.status as TripStatus)) ?? (list[0] as Trip),
        ]),
      ),
    [tripsOfDriver],
  );

  const filter = useMemo<VehicleFilter>(
    () => ({ driverById, tripOfDriver, statuses, service, supplier }),
    [driverById, tripOfDriver, statuses, service, supplier],
  );

  // the drivers to search (by name), apart from their positions: the same list while vehicles move
  const vehicleChoices = useMemo(
    () =>
      (drivers.data ?? [])
        .map((d) => ({ value: String(d._id), label: `${d.firstName ?? ''} ${d.lastName ?? ''}`.trim() }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [drivers.data],
  );

  const shownAreas = (areas.data ?? []).filter((a) => areaTypes.includes(String(a.type)) && (a.map?.length ?? 0) >= 3);
  const driver = selected === null ? undefined : driverById.get(selected);
  const trip = selected === null ? undefined : tripOfDriver.get(selected);
  const live = useTripLive(trip);
  // every running trip's way ahead, when asked ("All routes")
  const [allRoutes, setAllRoutes] = useState(false);
  const routes = useQuery({
    enabled: allRoutes,
    queryKey: ['liveroutes', site],
    queryFn: () => call('liveroutes', site === null ? {} : { unit: site }),
    refetchInterval: 30_000,
  });
  const carLabel = (id: unknown) => cars.data?.find((c) => c.value === String(id))?.label ?? (id ? `#${id}` : '');

  if (error) return <Alert color="red">{serverErrorText(error)}</Alert>;
  return (
    <Stack gap="sm">
      <PageTitle>{t('liveMap.title')}</PageTitle>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <MultiSelect
          label={t('liveMap.status')}
          placeholder={statuses.length ? undefined : t('liveMap.all')}
          data={DRIVER_STATUSES.map((s) => ({ value: s, label: t(`values.driverStatus.${s}`) }))}
          value={statuses}
          onChange={setStatuses}
          clearable
          size="xs"
          w={230}
        />
        <Select
          label={t('liveMap.service')}
          placeholder={t('liveMap.all')}
          data={services.data ?? []}
          value={service}
          onChange={setService}
          clearable
          searchable
          size="xs"
          w={170}
        />
        <Select
          label={t('liveMap.supplier')}
          placeholder={t('liveMap.all')}
          data={suppliers.data ?? []}
          value={supplier}
          onChange={setSupplier}
          clearable
          searchable
          size="xs"
          w={170}
        />
        <Select
          label={t('liveMap.vehicle')}
          placeholder={t('liveMap.findVehicle')}
          data={vehicleChoices}
          limit={50}
          value={selected === null ? null : String(selected)}
          onChange={(v) => {
            setSelected(v === null ? null : Number(v));
            if (v !== null) setFollow(true);
          }}
          clearable
          searchable
          size="xs"
          w={200}
        />
        <Switch
          size="xs"
          label={t('liveMap.allRoutes')}
          checked={allRoutes}
          onChange={(e) => setAllRoutes(e.currentTarget.checked)}
          mb={6}
        />
        <Checkbox.Group size="xs" label={t('liveMap.areas')} value={areaTypes} onChange={setAreaTypes}>
          <Group gap="xs" mt={6}>
            {AREA_TYPES.map((a) => (
              <Checkbox key={a} size="xs" value={a} label={t(`values.areaType.${a}`)} />
            ))}
          </Group>
        </Checkbox.Group>
      </Group>
      <Group align="stretch" gap="sm" wrap="nowrap">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <MapFrame
            label={t('liveMap.title')}
            center={mapCenter}
            zoom={MAP.defaultZoom}
            height="max(360px, calc(100vh - 300px))"
          >
            {shownAreas.map((a, i) => (
              <Polygon
                key={a._id}
                positions={(a.map ?? []).map((p) => [p.lat, p.lon] as [number, number])}
                pathOptions={{ color: a.color || paletteColor(i), weight: 2, fillOpacity: 0.08 }}
              />
            ))}
            {allRoutes
              ? (routes.data?.routes ?? [])
                  .filter((r) => r.trip !== trip?._id)
                  .map((r) => (
                    <Polyline
                      key={r.trip}
                      positions={r.coordinates.map(([lon, lat]) => [lat, lon] as [number, number])}
                      pathOptions={{
                        color: '#5c7cfa',
                        weight: 2,
                        opacity: 0.7,
                        dashArray: r.estimated ? '6 6' : undefined,
                      }}
                      eventHandlers={{ click: () => r.driver !== null && setSelected(r.driver) }}
                    />
                  ))
              : null}
            {live.data?.route ? (
              <Polyline
                positions={live.data.route.coordinates.map(([lon, lat]) => [lat, lon] as [number, number])}
                pathOptions={{ color: '#1c7ed6', weight: 4, dashArray: live.data.route.estimated ? '8 8' : undefined }}
              />
            ) : null}
            <Vehicles store={store} filter={filter} selected={selected} follow={follow} onPick={setSelected} />
          </MapFrame>
          <StatusCounts store={store} filter={filter} />
          {allRoutes && routes.data?.routes.some((r) => r.estimated) ? (
            <Text size="xs" c="dimmed">
              {t('liveMap.straightLegs')}
            </Text>
          ) : null}
        </Box>
        {selected !== null ? (
          <Paper withBorder p="sm" w={320} style={{ flexShrink: 0 }} aria-label={t('liveMap.panel')}>
            <ScrollArea.Autosize mah="calc(100vh - 240px)">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Title order={4}>
                    {driver ? `${driver.firstName ?? ''} ${driver.lastName ?? ''}` : `#${selected}`}
                  </Title>
                  <CloseButton aria-label={t('common.close')} onClick={() => setSelected(null)} />
                </Group>
                <Group gap="xs">
                  <StatusBadge status={driver?.driverStatus ?? 'offline'} kind="driverStatus" />
                  {driver?.car ? <Text size="sm">{carLabel(driver.car)}</Text> : null}
                </Group>
                <PositionLine store={store} driver={selected} zone={zone} />
                <Switch
                  label={t('liveMap.follow')}
                  checked={follow}
                  onChange={(e) => setFollow(e.currentTarget.checked)}
                />
                {trip ? (
                  <Stack gap={4}>
                    <Group gap="xs">
                      <Anchor component={Link} to={`/trips/${trip._id}`}>
                        {t('liveMap.trip', { id: trip._id })}
                      </Anchor>
                      <StatusBadge status={trip.status} kind="tripStatus" />
                      {trip.late?.length ? (
                        <Badge color="red" variant="light">
                          {t('liveMap.late')}
                        </Badge>
                      ) : null}
                      {Array.isArray(trip.blocked) && trip.blocked.length ? (
                        <Badge color="orange" variant="light">
                          {t('liveMap.blocked')}
                        </Badge>
                      ) : null}
                    </Group>
                    {live.data?.route?.estimated ? (
                      <Text size="xs" c="dimmed">
                        {live.data.route.server ? t('liveMap.routeFallback') : t('liveMap.straightLegs')}
                      </Text>
                    ) : null}
                    <Text size="sm" fw={500}>
                      {t('liveMap.nextStops')}
                    </Text>
                    {live.data && live.data.stops.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        {t('liveMap.noStops')}
                      </Text>
                    ) : null}
                    {live.data?.stops.slice(0, 8).map((s) => (
                      <Box key={`${s.kind}-${s.job}`}>
                        <Text size="sm">
                          {t(`driverApp.stop.${s.kind}`)} · {s.name}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {s.address}
                        </Text>
                        <Group gap="xs">
                          <Text size="xs">{t('liveMap.planned', { time: (s.at ?? '').slice(11, 16) || '—' })}</Text>
                          <EtaText eta={s.eta} late={s.late} />
                        </Group>
                      </Box>
                    ))}
                    {live.data && !live.data.eta ? (
                      <Text size="xs" c="dimmed">
                        {t('liveMap.noEta')}
                      </Text>
                    ) : null}
                    {(tripsOfDriver.get(selected) ?? []).length > 1 ? (
                      <>
                        <Text size="sm" fw={500}>
                          {t('liveMap.otherTrips')}
                        </Text>
                        {(tripsOfDriver.get(selected) ?? [])
                          .filter((o) => o._id !== trip._id)
                          .map((o) => (
                            <Group key={o._id} gap="xs">
                              <Text size="sm">{String(o.date ?? '').slice(11, 16)}</Text>
                              <Anchor component={Link} to={`/trips/${o._id}`} size="sm">
                                {t('liveMap.trip', { id: o._id })}
                              </Anchor>
                              <StatusBadge status={o.status} kind="tripStatus" />
                            </Group>
                          ))}
                      </>
                    ) : null}
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('liveMap.noTrip')}
                  </Text>
                )}
              </Stack>
            </ScrollArea.Autosize>
          </Paper>
        ) : null}
      </Group>
    </Stack>
  );
}
