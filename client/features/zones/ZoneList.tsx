// The alerting-zone list (live §2 "Zones"): "Showing (shown/total)", the filters (type name, active only) and the
// search, and a row per zone with its display name (live §3), type, status and the wrong-way sign.
import { useMemo, useState } from 'react';
import { humaniseTypeName, type AlertingZone } from '#domain/zones/alertingZone';
import { ALL_ZONES, filterZones, zoneStatusLabel, zoneTypeChoices } from '#domain/zones/zoneScreens';
import type { CollectionState } from '../../live/collectionsProtocol.ts';
import { SectionListPanel, SectionRow } from '../../ui/SectionListPanel.tsx';
import { WrongWayIcon } from './WrongWayIcon.tsx';
import { Checkbox } from '../../ui/ChoiceField.tsx';

export const ZONE_ROW_HEIGHT = 70;

type ZoneListProps = {
  zones: readonly AlertingZone[];
  state: CollectionState<AlertingZone>;
  onOpen(id: string): void;
};

export function ZoneList({ zones, state, onOpen }: ZoneListProps) {
  const [filter, setFilter] = useState(ALL_ZONES);
  const shown = useMemo(() => filterZones(zones, filter), [zones, filter]);
  const types = useMemo(() => zoneTypeChoices(zones), [zones]);
  return (
    <SectionListPanel
      title="Zones"
      searchPlaceholder="Search for a Zone..."
      search={filter.search}
      onSearch={(search) => setFilter((current) => ({ ...current, search }))}
      items={shown}
      total={zones.length}
      rowHeight={ZONE_ROW_HEIGHT}
      keyOf={(zone) => zone.id}
      emptyText={zones.length === 0 ? 'No zones yet.' : 'No zones match.'}
      message={state.phase === 'loading' ? 'Loading zones…' : state.phase === 'failed' ? state.message : null}
      filters={
        <div className="section-list__filters">
          <label>
            Type{' '}
            <select
              className="input"
              aria-label="Zone type"
              value={filter.typeName}
              onChange={(event) => setFilter((current) => ({ ...current, typeName: event.target.value }))}
            >
              <option value="">All types</option>
              {types.map((type) => (
                <option key={type.typeName} value={type.typeName}>
                  {type.label}
                </option>
              ))}
            </select>
          </label>
          <Checkbox
            label="Active only"
            checked={filter.activeOnly}
            onChange={(activeOnly) => setFilter((current) => ({ ...current, activeOnly }))}
          />
        </div>
      }
      row={(zone) => (
        <SectionRow
          height={ZONE_ROW_HEIGHT}
          icon={<WrongWayIcon isActive={zone.isActive} />}
          primary={zone.displayName}
          secondary={humaniseTypeName(zone.typeName)}
          end={<span className={`zone-status zone-status--${zone.status}`}>{zoneStatusLabel(zone)}</span>}
          data={{ 'data-testid': 'zone-row', 'data-zone-id': zone.id }}
          onOpen={() => onOpen(zone.id)}
        />
      )}
    />
  );
}
