// The map's legend (issue 26, "status beyond colour"): a "Legend" button at the map's lower left opens a panel that
// names each of the seven asset statuses beside its glyph and colour, in the organization's wording (live §4), and
// says where the glyph shows on a marker. Keyboard: the button is in the tab order; Escape closes the panel and
// gives focus back to the button.
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, useState } from 'react';
import { ASSET_STATUS, statusLabel } from '#domain/status/assetStatus';
import { isResponderView } from '../live/thingsStore.ts';
import { STATUS_APPEARANCE, STATUS_NAMES_IN_ORDER } from '../ui/statusAppearance.ts';
import { StatusGlyph } from '../ui/StatusGlyph.tsx';
import './mapLegend.css';

export function MapLegend() {
  useSignals();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const responder = isResponderView.value;
  return (
    <div
      className="map-legend"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      {open ? (
        <section id={panelId} className="map-legend__panel" aria-label="Legend" data-testid="map-legend">
          <h2 className="map-legend__title">Asset status</h2>
          <ul className="map-legend__list">
            {STATUS_NAMES_IN_ORDER.map((status) => (
              <li key={status} className="map-legend__item" data-status={status}>
                <StatusGlyph status={status} />
                <span>{statusLabel(ASSET_STATUS[status], { isResponderOrganization: responder })}</span>
                <span className="map-legend__shape">{STATUS_APPEARANCE[status].glyph}</span>
              </li>
            ))}
          </ul>
          <p className="map-legend__note">
            On the map the ring takes the colour and the badge at its lower right the shape.
          </p>
        </section>
      ) : null}
      <button
        ref={button}
        type="button"
        className="map-control map-control--select map-legend__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Legend
      </button>
    </div>
  );
}
