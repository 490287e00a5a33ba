// The areas list (live §2 "Areas"): "Showing (shown/total)", the search "Search for an Area...", the type filter
// (only when at least 2 types have areas), and 75 px rows with the name, the type name and the kind's icon.
import { useMemo, useState } from 'react';
import type { Area } from '#domain/areas/area';
import { areaTypeKey, filterAreas, typesWithAreas } from '#domain/areas/areaScreens';
import type { CollectionState } from '../../live/collectionsProtocol.ts';
import { SectionListPanel, SectionRow } from '../../ui/SectionListPanel.tsx';
import { AreaIcon } from './AreaIcon.tsx';
import { Checkbox } from '../../ui/ChoiceField.tsx';

export const AREA_ROW_HEIGHT = 75;

type AreaListProps = { areas: readonly Area[]; state: CollectionState<Area>; onOpen(id: string): void };

export function AreaList({ areas, state, onOpen }: AreaListProps) {
  const [search, setSearch] = useState('');
  const [hiddenTypeIds, setHiddenTypeIds] = useState<ReadonlySet<string>>(new Set());
  const types = useMemo(() => typesWithAreas(areas), [areas]);
  const shown = useMemo(() => filterAreas(areas, { hiddenTypeIds, search }), [areas, hiddenTypeIds, search]);
  const toggle = (id: string) =>
    setHiddenTypeIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <SectionListPanel
      title="Areas"
      searchPlaceholder="Search for an Area..."
      search={search}
      onSearch={setSearch}
      items={shown}
      total={areas.length}
      rowHeight={AREA_ROW_HEIGHT}
      keyOf={(area) => area.id}
      emptyText={areas.length === 0 ? 'No areas yet.' : 'No areas match.'}
      message={state.phase === 'loading' ? 'Loading areas…' : state.phase === 'failed' ? state.message : null}
      filters={
        types.length >= 2 ? (
          <fieldset className="section-list__filters" aria-label="Area types">
            {types.map((type) => (
              <Checkbox
                key={type.id}
                label={`${type.name} (${type.count})`}
                checked={!hiddenTypeIds.has(type.id)}
                onChange={() => toggle(type.id)}
              />
            ))}
          </fieldset>
        ) : null
      }
      row={(area) => (
        <SectionRow
          height={AREA_ROW_HEIGHT}
          icon={<AreaIcon area={area} />}
          primary={area.displayName}
          secondary={area.ezTypeName}
          data={{ 'data-testid': 'area-row', 'data-area-id': area.id, 'data-type-id': areaTypeKey(area) }}
          onOpen={() => onOpen(area.id)}
        />
      )}
    />
  );
}
