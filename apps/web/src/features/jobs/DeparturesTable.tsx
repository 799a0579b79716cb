import { Badge, Table } from '@mantine/core';
import type { ShuttleDeparture } from '@tc/domain';
import { useTranslation } from 'react-i18next';
import { ChoiceButton } from '#src/components/ChoiceButton.tsx';

export interface DeparturesTableProps {
  departures: readonly ShuttleDeparture[];
  chosen: ShuttleDeparture | undefined;
  onChoose: (departure: ShuttleDeparture) => void;
}

/** A key of a departure: its shuttle and its time. */
export const departureKey = (d: ShuttleDeparture) => `${d.shuttle._id}|${d.date}`;

/** A day's shuttle departures: the line, the time, the way, the seats left; one is chosen to book a seat. */
export function DeparturesTable({ departures, chosen, onChoose }: DeparturesTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={t('shuttleBooking.departures')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('shuttleBooking.shuttle')}</Table.Th>
            <Table.Th>{t('shuttleBooking.departure')}</Table.Th>
            <Table.Th>{t('shuttleBooking.way')}</Table.Th>
            <Table.Th>{t('shuttleBooking.seatsLeft')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {departures.map((d) => {
            const name = `${d.shuttle.code} · ${d.shuttle.name}`;
            const isChosen = !!chosen && departureKey(chosen) === departureKey(d);
            return (
              <Table.Tr key={departureKey(d)}>
                <Table.Td>{name}</Table.Td>
                <Table.Td>{d.hour}</Table.Td>
                <Table.Td>
                  {d.shuttle.stops[0]?.name} → {d.shuttle.stops.at(-1)?.name}
                </Table.Td>
                <Table.Td>{t('shuttleBooking.left', { left: d.left, capacity: d.capacity })}</Table.Td>
                <Table.Td>
                  {d.closed || d.left === 0 ? (
                    <Badge color="gray" variant="light">
                      {t(d.closed ? 'shuttleBooking.closed' : 'shuttleBooking.full')}
                    </Badge>
                  ) : (
                    <ChoiceButton
                      chosen={isChosen}
                      onChoose={() => onChoose(d)}
                      label={t('shuttleBooking.chooseOf', { name, hour: d.hour })}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
